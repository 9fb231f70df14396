// The product's charts, drawn with Recharts. Pages load this module after their own (React.lazy): figures, tasks and
// tables show at once, and the charts' library does not weigh on a page's first load.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { labelLines } from './label-lines'

const HEIGHT = 240
const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' }
const GRID = 'var(--border)'
const TOOLTIP = { contentStyle: { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--popover-foreground)' }, cursor: { fill: 'var(--muted)' } }
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

/** Horizontal bars, one per party, the largest first. */
export function PartyBars({ data, format, name }: { data: Point[]; format: (value: number) => string; name: string }) {
  return (
    <BarChart responsive layout="vertical" data={data} style={{ width: '100%', height: HEIGHT }} margin={{ top: 0, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tick={AXIS} tickLine={false} axisLine={false} tickFormatter={format} />
      <YAxis type="category" dataKey="label" tick={AXIS} tickLine={false} axisLine={false} width={120} tickFormatter={(label: string) => (label.length > 18 ? `${label.slice(0, 17)}…` : label)} />
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
        <Line key={line.key} type="linear" dataKey={line.key} name={line.name} stroke={SERIES_COLOURS[index % SERIES_COLOURS.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
      ))}
    </LineChart>
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
export function GroupedBars({ data, series, format, height }: { data: BarGroup[]; series: Array<{ name: string; colour: string }>; format: (value: number) => string; height: number }) {
  const rows = data.map((group) => ({ label: group.label, ...Object.fromEntries(group.values.flatMap((entry, index) => [[`v${index}`, entry.value], [`t${index}`, entry.text]])) }))
  return (
    <BarChart responsive layout="vertical" data={rows} style={{ width: '100%', height }} margin={{ top: 0, right: 16, bottom: 0, left: 8 }} barGap={2} barCategoryGap="20%" accessibilityLayer={false}>
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tick={AXIS} tickLine={false} axisLine={false} tickFormatter={format} />
      <YAxis type="category" dataKey="label" tick={(props) => <CategoryTick {...props} />} tickLine={false} axisLine={false} width={136} interval={0} />
      <Tooltip {...TOOLTIP} formatter={(_value, name, item) => [String((item.payload as Record<string, unknown>)[String(item.dataKey).replace('v', 't')] ?? ''), name]} />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter="dataKey" />
      {series.map((bar, index) => (
        <Bar key={bar.name} dataKey={`v${index}`} name={bar.name} fill={bar.colour} radius={[0, 4, 4, 0]} maxBarSize={14} isAnimationActive={false} />
      ))}
    </BarChart>
  )
}
