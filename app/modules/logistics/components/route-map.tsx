import type { CSSProperties, ReactNode } from 'react'
import { cn } from '../../../components/ui/cn'
import { MAP_EQUATOR_Y, MAP_HEIGHT, MAP_WIDTH, type MapPoint } from '../../../platform/map-projection'
import type { RoutePoint } from '../map-projection'

/** Every text the map shows or reads out, translated by the page. */
export type RouteMapLabels = {
  /** The map's accessible name, e.g. "Route of SH-2026-0012". */
  title: string
  /** One sentence of the route, e.g. "From Shanghai to Rotterdam, last seen near Singapore". */
  description: string
  origin: string
  destination: string
  current: string
  /** Shown instead of a route when the origin or the destination is unknown. */
  empty: string
}

export type RouteMapProps = {
  /** The land drawing, public/maps/world-land.svg (a URL: components import no assets). */
  mapUrl: string
  origin: RoutePoint | null
  destination: RoutePoint | null
  current: RoutePoint | null
  labels: RouteMapLabels
  className?: string
}

/** How far an arc bows away from the equator: a fifth of its length, at most this many units. */
const MAX_BOW = 70

/** A quadratic curve bowed away from the equator, as great circles on this projection roughly are. */
function arcPath(from: MapPoint, to: MapPoint): string {
  const dx = to.x - from.x
  const dy = to.y - from.y
  const length = Math.hypot(dx, dy)
  if (length < 1) return `M${from.x} ${from.y}L${to.x} ${to.y}`
  const north = (from.y + to.y) / 2 < MAP_EQUATOR_Y
  const sign = dx >= 0 === north ? 1 : -1
  const bow = Math.min(length / 5, MAX_BOW)
  const cx = (from.x + to.x) / 2 + (sign * dy * bow) / length
  const cy = (from.y + to.y) / 2 - (sign * dx * bow) / length
  return `M${from.x} ${from.y}Q${round(cx)} ${round(cy)} ${to.x} ${to.y}`
}

const round = (value: number) => Math.round(value * 10) / 10
/** A stop where the route to it runs: past the map's edge when it crosses it. */
const continued = (point: RoutePoint): MapPoint => ({ x: point.wrapX ?? point.x, y: point.y })

type LabelPlacement = { point: RoutePoint; below: boolean }
type Box = { left: number; right: number; top: number; bottom: number }

/** A label's size in view-box units where labels show (the map ≥ 512 px wide): 13 units a character, 40 high. */
const LABEL_CHAR_WIDTH = 13
const LABEL_HEIGHT = 40
const LABEL_GAP = 10
const MARKER_BOX = 10

const anchorOf = (x: number) => (x < MAP_WIDTH * 0.15 ? 'start' : x > MAP_WIDTH * 0.85 ? 'end' : 'middle')

function labelBox({ point, below }: LabelPlacement): Box {
  const width = point.label.length * LABEL_CHAR_WIDTH
  const anchor = anchorOf(point.x)
  const left = anchor === 'start' ? point.x : anchor === 'end' ? point.x - width : point.x - width / 2
  const top = below ? point.y + LABEL_GAP : point.y - LABEL_GAP - LABEL_HEIGHT
  return { left, right: left + width, top, bottom: top + LABEL_HEIGHT }
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
const markerBox = ({ x, y }: MapPoint): Box => ({ left: x - MARKER_BOX, right: x + MARKER_BOX, top: y - MARKER_BOX, bottom: y + MARKER_BOX })

/**
 * Labels from north to south, each above its marker unless that would leave the frame or cover an earlier label or
 * another marker; then below it.
 */
function placeLabels(points: RoutePoint[]): LabelPlacement[] {
  const placed: LabelPlacement[] = []
  for (const point of [...points].sort((a, b) => a.y - b.y)) {
    const obstacles = [...placed.map(labelBox), ...points.filter((other) => other !== point).map(markerBox)]
    const clashes = (below: boolean) => obstacles.filter((box) => overlaps(box, labelBox({ point, below }))).length
    const below = point.y < LABEL_HEIGHT + LABEL_GAP || clashes(true) < clashes(false)
    placed.push({ point, below })
  }
  return placed
}

/** Anchored by the marker, and by its edge near the map's sides so that no label leaves the frame. */
function labelStyle({ point, below }: LabelPlacement): CSSProperties {
  const alongX = { start: '0%', middle: '-50%', end: '-100%' }[anchorOf(point.x)]
  const alongY = below ? '0.6rem' : 'calc(-100% - 0.6rem)'
  return { left: `${(point.x / MAP_WIDTH) * 100}%`, top: `${(point.y / MAP_HEIGHT) * 100}%`, transform: `translate(${alongX}, ${alongY})` }
}

function RouteArcs({ origin, destination, current }: { origin: RoutePoint; destination: RoutePoint; current: RoutePoint | null }) {
  const travelled = current ? arcPath(origin, continued(current)) : null
  const remaining = arcPath(current ? continued(current) : origin, continued(destination))
  // A route over the map's edge is drawn twice: leaving one side, and shifted by the map's width, arriving from the other.
  const shift = destination.wrapX !== undefined ? destination.x - destination.wrapX : current?.wrapX !== undefined ? current.x - current.wrapX : 0
  return (
    <>
      {[0, ...(shift ? [shift] : [])].map((dx) => (
        <g key={dx} transform={dx ? `translate(${round(dx)} 0)` : undefined} fill="none" strokeLinecap="round" data-route-arc="">
          {travelled && <path d={travelled} className="stroke-primary" strokeWidth={2.5} vectorEffect="non-scaling-stroke" data-leg="travelled" />}
          <path
            d={remaining}
            className={current ? 'stroke-primary/70' : 'stroke-primary'}
            strokeWidth={2.5}
            strokeDasharray={current ? '2 6' : undefined}
            vectorEffect="non-scaling-stroke"
            data-leg={current ? 'remaining' : 'planned'}
          />
        </g>
      ))}
    </>
  )
}

/** Markers keep a readable size as the map shrinks: larger in view-box units on a narrow map. */
const MARKER_SCALE = 'scale-100 @max-3xl:scale-150 @max-md:scale-225'

function Marker({ point, kind, children }: { point: MapPoint; kind: StopKind; children: ReactNode }) {
  return (
    <g transform={`translate(${point.x} ${point.y})`} data-marker={kind}>
      <g className={MARKER_SCALE}>{children}</g>
    </g>
  )
}

function Markers({ origin, destination, current }: { origin: RoutePoint; destination: RoutePoint; current: RoutePoint | null }) {
  return (
    <>
      <Marker point={origin} kind="origin">
        <circle r={5.5} className="fill-card stroke-primary" strokeWidth={2.5} />
      </Marker>
      {current && (
        <Marker point={current} kind="current">
          <circle r={8} className="origin-center fill-info/35 [transform-box:fill-box] motion-safe:animate-ping" />
          <circle r={5} className="fill-info stroke-card" strokeWidth={2} />
        </Marker>
      )}
      <Marker point={destination} kind="destination">
        <circle r={6} className="fill-primary stroke-card" strokeWidth={2} />
      </Marker>
    </>
  )
}

type StopKind = 'origin' | 'destination' | 'current'

const LEGEND_DOT: Record<StopKind, string> = {
  origin: 'border-2 border-primary bg-card',
  destination: 'bg-primary',
  current: 'bg-info ring-2 ring-info/30',
}

/**
 * A shipment's route on the world map: origin (ring), destination (filled) and last known position (pulsing dot), the
 * travelled part solid and the rest dashed. Points come projected from the server (route-projection.server.ts); the
 * land is a cached static image, so the page ships no map code. The key below the map names the places (for screen
 * readers too); on a map narrower than 512 px it is the only place they are written.
 */
export function RouteMap({ mapUrl, origin, destination, current, labels, className }: RouteMapProps) {
  const land = <image href={mapUrl} width={MAP_WIDTH} height={MAP_HEIGHT} className="opacity-30 dark:opacity-25" />
  const frame = 'relative overflow-hidden rounded-lg border border-border bg-muted/50 @container'
  const viewBox = `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`

  if (!origin || !destination) {
    return (
      <figure className={cn(frame, className)}>
        <svg viewBox={viewBox} className="block h-auto w-full" aria-hidden="true">
          {land}
        </svg>
        <figcaption className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-muted-foreground">
          <span className="rounded-md bg-card/90 px-3 py-1.5 shadow-sm ring-1 ring-border">{labels.empty}</span>
        </figcaption>
      </figure>
    )
  }

  const stops: { kind: StopKind; caption: string; point: RoutePoint }[] = [
    { kind: 'origin', caption: labels.origin, point: origin },
    ...(current ? [{ kind: 'current' as const, caption: labels.current, point: current }] : []),
    { kind: 'destination', caption: labels.destination, point: destination },
  ]
  return (
    <figure className={cn('space-y-2', className)}>
      <div className={frame}>
        <svg viewBox={viewBox} className="block h-auto w-full overflow-hidden" role="img" aria-label={labels.title}>
          <title>{labels.title}</title>
          <desc>{labels.description}</desc>
          {land}
          <RouteArcs origin={origin} destination={destination} current={current} />
          <Markers origin={origin} destination={destination} current={current} />
        </svg>
        {placeLabels(stops.map((stop) => stop.point)).map((placement) => (
          <span
            key={`${placement.point.x} ${placement.point.y}`}
            aria-hidden="true"
            style={labelStyle(placement)}
            className="pointer-events-none absolute hidden max-w-[45%] truncate rounded bg-card/90 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-card-foreground shadow-sm ring-1 ring-border @lg:block"
          >
            {placement.point.label}
          </span>
        ))}
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs">
        {stops.map(({ kind, caption, point }) => (
          <div key={kind} className="inline-flex min-w-0 items-center gap-1.5">
            <span aria-hidden="true" className={cn('inline-block size-2.5 shrink-0 rounded-full', LEGEND_DOT[kind])} />
            <dt className="text-muted-foreground">{caption}</dt>
            <dd className="truncate font-medium text-foreground">{point.label}</dd>
          </div>
        ))}
      </dl>
    </figure>
  )
}
