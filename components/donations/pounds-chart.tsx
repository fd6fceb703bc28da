import 'server-only';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { MonthPounds } from '@/lib/domain/summary';

// Pounds by month as SVG rendered on the server with visx: no chart JavaScript reaches the browser. Each month
// has two stacked bars (back of store below, front above): the previous year (pale, left) and the year (right).

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
          <line key={tick} x1={0} x2={innerW} y1={y(tick)} y2={y(tick)} stroke="#e8eaed" />
        ))}
        {months.map((m) => (
          <g key={m.month}>
            {stack(prevByMonth.get(m.month), 'previous', m.month)}
            {stack(m, 'year', m.month)}
          </g>
        ))}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(v) => formatPounds(Number(v))}
          stroke="#5f6368"
          tickStroke="#5f6368"
          tickLabelProps={{ fill: '#1f2937', fontSize: 12, textAnchor: 'end', dx: -4, dy: 4 }}
        />
        <AxisBottom
          top={innerH}
          scale={x}
          tickFormat={(v) => monthLabel(Number(v))}
          stroke="#5f6368"
          hideTicks
          tickLabelProps={{ fill: '#1f2937', fontSize: 12, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}
