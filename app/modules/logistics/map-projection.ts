import type { MapPoint } from '../../platform/map-projection'

/** A stop of a shipment's route on the world map (app/platform/map-projection.ts), with the text shown beside it. */
export type RoutePoint = MapPoint & {
  label: string
  /** The x where this point lies when the route to it crosses the map's side edge (Shanghai → Los Angeles over the Pacific). */
  wrapX?: number
}
