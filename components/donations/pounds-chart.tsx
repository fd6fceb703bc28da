import 'server-only';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { MonthPounds } from '@/lib/domain/summary';

// Pounds by month as SVG rendered on the server with visx's scales and shapes: no chart JavaScript reaches the browser.
// Each month has two stacked bars (back of store below, front above): the previous year (pale, left) and the year
// (right). The axes are plain lines and texts, as in the program's chart: visx's axis components wrapped every label
// in its own measured <svg> and cost Monthly Reports about a third of its server rendering.

const WIDTH = 480;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 52 };

export const CHART_COLOURS = {
  front: '#c99f00',
  back: '#5f6368',
  frontPrevious: '#f0dc8a',
  backPrevious: '#c4c7cc',
} as const;

export function PoundsChart({
  months,
  previous,
  monthLabel,
  formatPounds,
  label,
}: {
  months: MonthPounds[];
  previous: MonthPounds[];
  monthLabel: (month: number) => string;
  formatPounds: (n: number) => string;
  label: string;
}) {
  const innerW = WIDTH - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const totalOf = (m: MonthPounds) => m.frontStorePounds + m.backStorePounds;
  const max = Math.max(1, ...months.map(totalOf), ...previous.map(totalOf));
  const x = scaleBand<number>({ domain: months.map((m) => m.month), range: [0, innerW], padding: 0.18 });
  const inner = scaleBand<string>({ domain: ['previous', 'year'], range: [0, x.bandwidth()], padding: 0.08 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const prevByMonth = new Map(previous.map((m) => [m.month, m]));

  const stack = (m: MonthPounds | undefined, which: 'previous' | 'year', month: number) => {
    const back = m?.backStorePounds ?? 0;
    const front = m?.frontStorePounds ?? 0;
    const bx = (x(month) ?? 0) + (inner(which) ?? 0);
    const w = inner.bandwidth();
    const yBack = y(back);
    const yTop = y(back + front);
    return (
      <g key={`${which}-${month}`}>
        <Bar x={bx} y={yBack} width={w} height={innerH - yBack} fill={which === 'year' ? CHART_COLOURS.back : CHART_COLOURS.backPrevious} />
        <Bar x={bx} y={yTop} width={w} height={yBack - yTop} fill={which === 'year' ? CHART_COLOURS.front : CHART_COLOURS.frontPrevious} />
      </g>
    );
  };

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full max-w-2xl self-center"
      role="img"
      aria-label={label}
      data-testid="pounds-chart"
      preserveAspectRatio="xMidYMid meet"
    >
      <Group left={MARGIN.left} top={MARGIN.top}>
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line x1={0} x2={innerW} y1={y(tick)} y2={y(tick)} stroke="#e8eaed" />
            <text x={-8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} fill="#1f2937">
              {formatPounds(tick)}
            </text>
          </g>
        ))}
        {months.map((m) => (
          <g key={m.month}>
            {stack(prevByMonth.get(m.month), 'previous', m.month)}
            {stack(m, 'year', m.month)}
            <text x={(x(m.month) ?? 0) + x.bandwidth() / 2} y={innerH + 18} textAnchor="middle" fontSize={12} fill="#1f2937">
              {monthLabel(m.month)}
            </text>
          </g>
        ))}
        <line x1={0} x2={0} y1={0} y2={innerH} stroke="#5f6368" />
        <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#5f6368" />
      </Group>
    </svg>
  );
}
