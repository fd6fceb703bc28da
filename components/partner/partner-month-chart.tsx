import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

// Pounds by month of the chosen period beside the same months a year earlier: an SVG drawn on the server with
// visx's scales and shapes, as on /program/totals, so no chart code reaches the browser. The page shows the same
// figures in a table right under it, so the image is one picture with a title and a description.

const W = 720;
const H = 260;
const M = { top: 12, right: 8, bottom: 28, left: 64 };
const EARLIER = '#9aa0a6';
const CURRENT = '#c99f00';

type ChartProps = {
  title: string;
  description: string;
  months: readonly { month: string; pounds: number; lastYearPounds: number }[];
  /** The legend: the period's bars and the bars of a year earlier. */
  currentLabel: string;
  earlierLabel: string;
  monthLabel: (month: string) => string;
  formatAxis: (n: number) => string;
};

export function PartnerMonthChart(p: ChartProps) {
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const x = scaleBand<string>({ domain: p.months.map((m) => m.month), range: [0, innerW], padding: 0.25 });
  const pair = scaleBand<string>({ domain: ['earlier', 'current'], range: [0, x.bandwidth()], padding: 0.1 });
  const max = Math.max(1, ...p.months.flatMap((m) => [m.pounds, m.lastYearPounds]));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  // Beyond twelve months the month names would run into each other: one in two, then one in three.
  const every = Math.ceil(p.months.length / 12);
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="partner-chart-title partner-chart-desc" className="h-auto w-full">
        <title id="partner-chart-title">{p.title}</title>
        <desc id="partner-chart-desc">{p.description}</desc>
        <Group left={M.left} top={M.top}>
          {y.ticks(4).map((v) => (
            <g key={v}>
              <line x1={0} x2={innerW} y1={y(v)} y2={y(v)} stroke="#e8eaed" />
              <text x={-8} y={y(v)} dy="0.32em" textAnchor="end" fontSize={12} fill="#374151">
                {p.formatAxis(v)}
              </text>
            </g>
          ))}
          {p.months.map((m, i) => (
            <Group key={m.month} left={x(m.month) ?? 0}>
              <Bar
                x={pair('earlier')}
                y={y(m.lastYearPounds)}
                width={pair.bandwidth()}
                height={innerH - y(m.lastYearPounds)}
                fill={EARLIER}
              />
              <Bar x={pair('current')} y={y(m.pounds)} width={pair.bandwidth()} height={innerH - y(m.pounds)} fill={CURRENT} />
              {i % every === 0 && (
                <text x={x.bandwidth() / 2} y={innerH + 18} textAnchor="middle" fontSize={12} fill="#374151">
                  {p.monthLabel(m.month)}
                </text>
              )}
            </Group>
          ))}
          <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#5f6368" />
        </Group>
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-gray-800" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm" style={{ background: EARLIER }} />
          {p.earlierLabel}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm" style={{ background: CURRENT }} />
          {p.currentLabel}
        </span>
      </figcaption>
    </figure>
  );
}
