// The product's charts, drawn with Recharts. Pages load this module after their own (React.lazy): figures, tasks and
// tables show at once, and the charts' library does not weigh on a page's first load.
import { Bar, BarChart, type BarShapeProps, CartesianGrid, ComposedChart, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { labelLines } from './label-lines'

const HEIGHT = 240
const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' }
const GRID = 'var(--border)'
const TOOLTIP = {
  contentStyle: { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)' },
}
/** Series colours that hold in light and dark mode (the theme's own tokens). */
export const SERIES_COLOURS = ['var(--primary)', 'var(--status-accept)', 'var(--status-pending)', 'var(--info)'] as const

type Point = { label: string; value: number }

/** Vertical bars over periods (money or counts); `format` writes the tooltip and axis values. */
export function PeriodBars({ data, format, name }: { data: Point[]; format: (value: number) => string; name: string }) {
  return (
    <BarChart responsive data={data} style={{ width: '100%', height: HEIGHT }} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
      <YAxis tick={AXIS} tickLine={false} axisLine={false} width={72} tickFormatter={format} />
      <Tooltip {...TOOLTIP} formatter={(value) => [format(Number(value)), name]} />
      <Bar dataKey="value" name={name} fill={SERIES_COLOURS[0]} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
    </BarChart>
  )
}

/** Horizontal bars, one per party, the largest first; names in up to two lines. */
export function PartyBars({ data, format, name }: { data: Point[]; format: (value: number) => string; name: string }) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={data}
      style={{ width: '100%', height: HEIGHT }}
      margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tick={AXIS} tickLine={false} axisLine={false} tickFormatter={format} />
      <YAxis type="category" dataKey="label" tick={(props) => <CategoryTick {...props} />} tickLine={false} axisLine={false} width={136} interval={0} />
      <Tooltip {...TOOLTIP} formatter={(value) => [format(Number(value)), name]} />
      <Bar dataKey="value" name={name} fill={SERIES_COLOURS[1]} radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false} />
    </BarChart>
  )
}

/** Several counts over periods as lines. */
export function CountLines({ data, series }: { data: Array<Record<string, number | string>>; series: Array<{ key: string; name: string }> }) {
  return (
    <LineChart responsive data={data} style={{ width: '100%', height: HEIGHT }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
      <YAxis tick={AXIS} tickLine={false} axisLine={false} width={40} allowDecimals={false} />
      <Tooltip {...TOOLTIP} cursor={{ stroke: GRID }} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {series.map((line, index) => (
        <Line
          key={line.key}
          type="linear"
          dataKey={line.key}
          name={line.name}
          stroke={SERIES_COLOURS[index % SERIES_COLOURS.length]}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  )
}

/** A period's spread of values: lowest, quartiles (25th percentile, median, 75th percentile) and highest. */
export type Quartiles = { min: number; p25: number; median: number; p75: number; max: number }
export type QuartilePoint = { label: string; count: number; quartiles: Quartiles | null }
type QuartileNames = { count: string; min: string; p25: string; median: string; p75: string; max: string; box: string; whisker: string }
type QuartileRow = QuartilePoint & { spread: [number, number] | null; median: number | null }

/** One period's box: a whisker from lowest to highest, the middle half as a box, the median across it. */
function QuartileBox({ x, y, width, height, payload }: BarShapeProps) {
  const quartiles = (payload as QuartileRow).quartiles
  if (!quartiles) return <g />
  const span = quartiles.max - quartiles.min
  // The bar spans lowest (bottom) to highest (top) on a linear scale: every quartile sits in proportion between them.
  const at = (value: number) => (span === 0 ? y : y + (Math.abs(height) * (quartiles.max - value)) / span)
  const centre = x + width / 2
  return (
    <g>
      <line x1={centre} x2={centre} y1={at(quartiles.max)} y2={at(quartiles.min)} stroke="var(--muted-foreground)" strokeWidth={1.5} />
      <line x1={centre - width / 4} x2={centre + width / 4} y1={at(quartiles.max)} y2={at(quartiles.max)} stroke="var(--muted-foreground)" strokeWidth={1.5} />
      <line x1={centre - width / 4} x2={centre + width / 4} y1={at(quartiles.min)} y2={at(quartiles.min)} stroke="var(--muted-foreground)" strokeWidth={1.5} />
      <rect
        x={x}
        y={at(quartiles.p75)}
        width={width}
        height={Math.max(at(quartiles.p25) - at(quartiles.p75), 1)}
        rx={3}
        fill={SERIES_COLOURS[0]}
        fillOpacity={0.25}
        stroke={SERIES_COLOURS[0]}
        strokeWidth={1.5}
      />
      <line x1={x} x2={x + width} y1={at(quartiles.median)} y2={at(quartiles.median)} stroke={SERIES_COLOURS[0]} strokeWidth={3} />
    </g>
  )
}

function QuartileTooltip({
  active,
  payload,
  format,
  names,
}: {
  active?: boolean
  payload?: ReadonlyArray<{ payload?: QuartileRow }>
  format: (value: number) => string
  names: QuartileNames
}) {
  const row = payload?.[0]?.payload
  if (!active || !row?.quartiles) return null
  const lines: Array<[string, string]> = [
    [names.max, format(row.quartiles.max)],
    [names.p75, format(row.quartiles.p75)],
    [names.median, format(row.quartiles.median)],
    [names.p25, format(row.quartiles.p25)],
    [names.min, format(row.quartiles.min)],
    [names.count, String(row.count)],
  ]
  return (
    <div style={TOOLTIP.contentStyle} className="px-3 py-2 text-xs shadow-md">
      <p className="mb-1 font-medium">{row.label}</p>
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        {lines.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="text-end tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** The legend draws each mark as the chart does. */
function QuartileLegend({ names }: { names: QuartileNames }) {
  const marks = [
    {
      name: names.box,
      mark: <rect x={3} y={2} width={10} height={10} rx={2} fill={SERIES_COLOURS[0]} fillOpacity={0.25} stroke={SERIES_COLOURS[0]} strokeWidth={1.5} />,
    },
    { name: names.median, mark: <line x1={2} x2={14} y1={7} y2={7} stroke={SERIES_COLOURS[0]} strokeWidth={3} /> },
    { name: names.whisker, mark: <path d="M5 1.5h6M8 1.5v11M5 12.5h6" fill="none" stroke="var(--muted-foreground)" strokeWidth={1.5} /> },
  ]
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
      {marks.map(({ name, mark }) => (
        <li key={name} className="flex items-center gap-1.5">
          <svg width={16} height={14} viewBox="0 0 16 14" className="shrink-0">
            {mark}
          </svg>
          {name}
        </li>
      ))}
    </ul>
  )
}

/**
 * Values over periods as box plots: per period a whisker from lowest to highest, the middle half (25th to 75th
 * percentile) as a box and the median across it; the medians joined where consecutive periods have values.
 */
export function PeriodQuartiles({ data, format, names }: { data: QuartilePoint[]; format: (value: number) => string; names: QuartileNames }) {
  const rows: QuartileRow[] = data.map((point) => ({
    ...point,
    spread: point.quartiles ? [point.quartiles.min, point.quartiles.max] : null,
    median: point.quartiles?.median ?? null,
  }))
  return (
    <ComposedChart
      responsive
      data={rows}
      style={{ width: '100%', height: HEIGHT }}
      margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
      <YAxis tick={AXIS} tickLine={false} axisLine={false} width={72} tickFormatter={format} domain={[0, 'auto']} />
      <Tooltip cursor={TOOLTIP.cursor} content={(props) => <QuartileTooltip {...props} format={format} names={names} />} />
      <Legend content={() => <QuartileLegend names={names} />} />
      <Bar dataKey="spread" name={names.box} shape={(props: BarShapeProps) => <QuartileBox {...props} />} maxBarSize={28} isAnimationActive={false} />
      <Line
        type="linear"
        dataKey="median"
        name={names.median}
        stroke={SERIES_COLOURS[0]}
        strokeWidth={1.5}
        strokeOpacity={0.6}
        dot={{ r: 3, fill: SERIES_COLOURS[0], strokeWidth: 0 }}
        activeDot={false}
        connectNulls={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  )
}

/** One group of bars: its label, and per series a value (null draws no bar) with its exact text for the tooltip. */
export type BarGroup = { label: string; values: Array<{ value: number | null; text: string }> }

/** A category axis tick in up to two lines, centred on its group. */
function CategoryTick({ x, y, payload }: { x: number | string; y: number | string; payload: { value: unknown } }) {
  const lines = labelLines(String(payload.value), 20)
  return (
    <text x={x} y={y} textAnchor="end" dominantBaseline="middle" fontSize={AXIS.fontSize} fill={AXIS.fill}>
      {lines.map((line, index) => (
        <tspan key={`${index}-${line}`} x={x} dy={index === 0 ? `${-0.6 * (lines.length - 1)}em` : '1.2em'}>
          {line}
        </tspan>
      ))}
    </text>
  )
}

/**
 * Horizontal bars grouped per item (e.g. budget, quoted and awarded per requirement), one colour per series, item
 * names on the left so long ones stay readable on a phone; `format` writes the axis, the tooltip shows the exact texts.
 */
export function GroupedBars({
  data,
  series,
  format,
  height,
}: {
  data: BarGroup[]
  series: Array<{ name: string; colour: string }>
  format: (value: number) => string
  height: number
}) {
  const rows = data.map((group) => ({
    label: group.label,
    ...Object.fromEntries(
      group.values.flatMap((entry, index) => [
        [`v${index}`, entry.value],
        [`t${index}`, entry.text],
      ]),
    ),
  }))
  return (
    <BarChart
      responsive
      layout="vertical"
      data={rows}
      style={{ width: '100%', height }}
      margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
      barGap={2}
      barCategoryGap="20%"
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tick={AXIS} tickLine={false} axisLine={false} tickFormatter={format} />
      <YAxis type="category" dataKey="label" tick={(props) => <CategoryTick {...props} />} tickLine={false} axisLine={false} width={136} interval={0} />
      <Tooltip
        {...TOOLTIP}
        formatter={(_value, name, item) => [String((item.payload as Record<string, unknown>)[String(item.dataKey).replace('v', 't')] ?? ''), name]}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter="dataKey" />
      {series.map((bar, index) => (
        <Bar key={bar.name} dataKey={`v${index}`} name={bar.name} fill={bar.colour} radius={[0, 4, 4, 0]} maxBarSize={14} isAnimationActive={false} />
      ))}
    </BarChart>
  )
}
