// The cash-flow drawing (Recharts), loaded after the page by cash-flow-chart.tsx: the library never weighs on the
// account page's first load.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'

const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' }
const GRID = 'var(--border)'
const TOOLTIP = {
  contentStyle: { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)' },
}

export type CashFlowPoint = { label: string } & Record<string, number | string>

/** Grouped bars per month, one per series, in the theme's colours (light and dark). */
export default function CashFlowBars({
  data,
  series,
  format,
}: {
  data: CashFlowPoint[]
  series: Array<{ key: string; name: string; colour: string }>
  format: (value: number) => string
}) {
  return (
    <BarChart responsive data={data} style={{ width: '100%', height: 260 }} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={8} />
      <YAxis tick={AXIS} tickLine={false} axisLine={false} width={64} tickFormatter={format} />
      <Tooltip {...TOOLTIP} formatter={(value, name) => [format(Number(value)), String(name)]} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {series.map((entry) => (
        <Bar key={entry.key} dataKey={entry.key} name={entry.name} fill={entry.colour} radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
      ))}
    </BarChart>
  )
}
