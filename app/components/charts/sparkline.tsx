// A word-sized line of values over time: drawn as plain SVG on the server (a page may hold dozens, so no charts'
// library), the drawing hidden from assistive technology and its text alternative read instead.
import type { ReactNode } from 'react'

const WIDTH = 112
const HEIGHT = 28
const PAD = 3

export type SparkPoint = { at: number; value: number }

/**
 * `points` (oldest first) across the time span `domain` (so rows side by side share one time axis), scaled to their own
 * lowest and highest value; `description` is what a screen reader says instead, `children` what sits beside it.
 */
export function Sparkline({
  points,
  domain,
  description,
  children,
}: {
  points: SparkPoint[]
  domain: [number, number]
  description: string
  children?: ReactNode
}) {
  const values = points.map((point) => point.value)
  const [low, high] = [Math.min(...values), Math.max(...values)]
  const x = (at: number) => PAD + ((at - domain[0]) / Math.max(domain[1] - domain[0], 1)) * (WIDTH - 2 * PAD)
  const y = (value: number) => (high === low ? HEIGHT / 2 : PAD + ((high - value) / (high - low)) * (HEIGHT - 2 * PAD))
  const last = points.at(-1)
  return (
    <span className="inline-flex items-center gap-2">
      <span className="sr-only">{description}</span>
      {last ? (
        <svg aria-hidden="true" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} className="shrink-0" data-sparkline="">
          <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="var(--border)" />
          {points.length > 1 ? (
            <polyline
              points={points.map((point) => `${x(point.at).toFixed(1)},${y(point.value).toFixed(1)}`).join(' ')}
              fill="none"
              stroke="var(--primary)"
              strokeWidth={1.5}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          ) : null}
          <circle cx={x(last.at)} cy={y(last.value)} r={2.5} fill="var(--primary)" />
        </svg>
      ) : null}
      {children ? <span aria-hidden="true">{children}</span> : null}
    </span>
  )
}
