import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

// Pounds by month, this year against the previous one: an SVG drawn on the server with visx's scales and shapes
// (no chart code in the browser). The figures are also given as a table for screen readers.

const W = 720;
const H = 280;
const M = { top: 16, right: 8, bottom: 28, left: 64 };

type ChartProps = {
  title: string;
  description: string;
  tableCaption: string;
  monthColumn: string;
  year: number;
  previous: number;
  values: number[];
  previousValues: number[];
  monthLabel: (month: number) => string;
  monthName: (month: number) => string;
  format: (n: number) => string;
  formatAxis: (n: number) => string;
};

export function PoundsByMonthChart(p: ChartProps) {
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const x = scaleBand<number>({ domain: months, range: [0, innerW], padding: 0.25 });
  const inner = scaleBand<string>({ domain: ['previous', 'year'], range: [0, x.bandwidth()], padding: 0.1 });
  const max = Math.max(1, ...p.values, ...p.previousValues);
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const ticks = y.ticks(4);
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="pbm-title pbm-desc" className="h-auto w-full">
        <title id="pbm-title">{p.title}</title>
        <desc id="pbm-desc">{p.description}</desc>
        <Group left={M.left} top={M.top}>
          {ticks.map((v) => (
            <g key={v}>
              <line x1={0} x2={innerW} y1={y(v)} y2={y(v)} stroke="#e8eaed" />
              <text x={-8} y={y(v)} dy="0.32em" textAnchor="end" fontSize={12} fill="#374151">
                {p.formatAxis(v)}
              </text>
            </g>
          ))}
          {months.map((m, i) => (
            <Group key={m} left={x(m) ?? 0}>
              <Bar
                x={inner('previous')}
                y={y(p.previousValues[i]!)}
                width={inner.bandwidth()}
                height={innerH - y(p.previousValues[i]!)}
                fill="#9aa0a6"
              />
              <Bar x={inner('year')} y={y(p.values[i]!)} width={inner.bandwidth()} height={innerH - y(p.values[i]!)} fill="#c99f00" />
              <text x={x.bandwidth() / 2} y={innerH + 18} textAnchor="middle" fontSize={12} fill="#374151">
                {p.monthLabel(m)}
              </text>
            </Group>
          ))}
          <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#5f6368" />
        </Group>
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-gray-800" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm bg-[#9aa0a6]" />
          {p.previous}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm bg-[#c99f00]" />
          {p.year}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>{p.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{p.monthColumn}</th>
            <th scope="col">{p.previous}</th>
            <th scope="col">{p.year}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m, i) => (
            <tr key={m}>
              <th scope="row">{p.monthName(m)}</th>
              <td>{p.format(p.previousValues[i]!)}</td>
              <td>{p.format(p.values[i]!)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
