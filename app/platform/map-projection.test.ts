import { geoNaturalEarth1 } from 'd3-geo'
import { describe, expect, it } from 'vitest'
import { MAP_CENTRAL_MERIDIAN, MAP_SCALE, MAP_TRANSLATE, mapLongitude, projectMapPoint, wrapDegrees } from './map-projection'

// The land drawing is made with d3-geo (scripts/world-map.ts); the server places points without it.
const d3Projection = geoNaturalEarth1()
  .rotate([-MAP_CENTRAL_MERIDIAN, 0])
  .scale(MAP_SCALE)
  .translate([...MAP_TRANSLATE])

const PLACES: [name: string, lat: number, lon: number][] = [
  ['Shanghai', 31.23, 121.47],
  ['Rotterdam', 51.92, 4.48],
  ['Los Angeles', 33.74, -118.27],
  ['Singapore', 1.29, 103.85],
  ['Santos', -23.96, -46.33],
  ['Auckland', -36.85, 174.76],
  ['Honolulu', 21.31, -157.86],
  ['Apia', -13.83, -171.76],
  ['Reykjavík', 64.15, -21.94],
  ['Cape Town', -33.92, 18.42],
  ['Anchorage', 61.22, -149.9],
  ['Jebel Ali', 25.01, 55.06],
  ['Ushuaia', -54.8, -68.3],
  ['Longyearbyen', 78.22, 15.65],
]

describe('the route map projection', () => {
  it.each(PLACES)('places %s within 0.5 px of where d3-geo draws it', (_name, lat, lon) => {
    const [x, y] = d3Projection([lon, lat])!
    const point = projectMapPoint(lat, mapLongitude(lon))
    expect(Math.hypot(point.x - x, point.y - y)).toBeLessThan(0.5)
  })

  it('measures longitude from the central meridian, within -180…180', () => {
    expect(mapLongitude(MAP_CENTRAL_MERIDIAN)).toBe(0)
    expect(mapLongitude(-170)).toBe(175)
    expect(mapLongitude(-160)).toBe(-175)
    expect(wrapDegrees(540)).toBe(-180)
    expect(wrapDegrees(-190)).toBe(170)
  })
})
