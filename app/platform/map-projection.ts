/**
 * The projection of the world map of shipment routes (issue 19): Natural Earth 1 centred on 15°E, so that the map's edge
 * runs through the empty Pacific between Hawaii and Samoa; the whole globe's width fills the 960 × 500 frame (no place
 * falls outside it) and the land without Antarctica is centred in its height. scripts/world-map.ts draws
 * public/maps/world-land.svg with d3-geo from these constants; the logistics server places points with `projectMapPoint`,
 * the same formula without d3-geo (a test holds the two within 0.5 px of each other).
 */
export const MAP_WIDTH = 960
export const MAP_HEIGHT = 500
export const MAP_CENTRAL_MERIDIAN = 15
export const MAP_SCALE = 175
export const MAP_TRANSLATE = [480, 285.5] as const
/** Where the equator runs: great-circle routes bow away from it. */
export const MAP_EQUATOR_Y = MAP_TRANSLATE[1]

/** A position in the map's frame (SVG user units of the 960 × 500 view box). */
export type MapPoint = { x: number; y: number }

const RADIANS = Math.PI / 180

/** d3-geo's naturalEarth1Raw: Šavrič, Jenny, Patterson and Jenny's polynomials (2011). */
function naturalEarth1Raw(lambda: number, phi: number): [number, number] {
  const phi2 = phi * phi
  const phi4 = phi2 * phi2
  return [
    lambda * (0.8707 - 0.131979 * phi2 + phi4 * (-0.013791 + phi4 * (0.003971 * phi2 - 0.001529 * phi4))),
    phi * (1.007226 + phi2 * (0.015085 + phi4 * (-0.044475 + 0.028874 * phi2 - 0.005916 * phi4))),
  ]
}

/** An angle in degrees brought into -180…180. */
export function wrapDegrees(degrees: number): number {
  return ((((degrees + 180) % 360) + 360) % 360) - 180
}

/** Longitude relative to the central meridian, in -180…180. */
export function mapLongitude(lon: number): number {
  return wrapDegrees(lon - MAP_CENTRAL_MERIDIAN)
}

/**
 * Projects latitude and a longitude relative to the central meridian (`mapLongitude`), which may run past ±180 to
 * continue a route beyond the map's edge.
 */
export function projectMapPoint(lat: number, relativeLon: number): MapPoint {
  const [x, y] = naturalEarth1Raw(relativeLon * RADIANS, lat * RADIANS)
  return { x: MAP_TRANSLATE[0] + MAP_SCALE * x, y: MAP_TRANSLATE[1] - MAP_SCALE * y }
}
