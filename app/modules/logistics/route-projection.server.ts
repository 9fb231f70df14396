import { mapLongitude, type MapPoint, projectMapPoint, wrapDegrees } from '../../platform/map-projection'
import type { RoutePoint } from './map-projection'

/** A place on the route as the shipment knows it, with the text shown beside it on the map. */
export type RouteStop = { lat: number; lon: number; label: string }
export type RouteMapPoints = { origin: RoutePoint | null; destination: RoutePoint | null; current: RoutePoint | null }

const round1 = (value: number) => Math.round(value * 10) / 10

/** Where a latitude/longitude lies on public/maps/world-land.svg, in its 960 × 500 view box. */
export function projectPoint(lat: number, lon: number): MapPoint {
  const { x, y } = projectMapPoint(lat, mapLongitude(lon))
  return { x: round1(x), y: round1(y) }
}

/**
 * A stop whose shorter way from the origin crosses the map's side edge also gets `wrapX`: its x continued past that
 * edge, so that Shanghai → Los Angeles is drawn over the Pacific rather than across Asia and the Atlantic.
 */
function routePoint(stop: RouteStop, origin: RouteStop | null): RoutePoint {
  const { x, y } = projectPoint(stop.lat, stop.lon)
  if (!origin) return { x, y, label: stop.label }
  const from = mapLongitude(origin.lon)
  const continued = from + wrapDegrees(stop.lon - origin.lon)
  const onMap = mapLongitude(stop.lon)
  if (Math.abs(continued - onMap) < 1e-9) return { x, y, label: stop.label }
  return { x, y, label: stop.label, wrapX: round1(projectMapPoint(stop.lat, continued).x) }
}

/** The route's stops in the map's frame, for RouteMap. */
export function projectRoute(stops: { origin: RouteStop | null; destination: RouteStop | null; current: RouteStop | null }): RouteMapPoints {
  return {
    origin: stops.origin && routePoint(stops.origin, null),
    destination: stops.destination && routePoint(stops.destination, stops.origin),
    current: stops.current && routePoint(stops.current, stops.origin),
  }
}
