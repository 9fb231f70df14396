import { describe, expect, it } from 'vitest'
import { MAP_HEIGHT, MAP_WIDTH } from '../../platform/map-projection'
import { projectPoint, projectRoute } from './route-projection.server'

const SHANGHAI = { lat: 31.23, lon: 121.47, label: 'Shanghai' }
const ROTTERDAM = { lat: 51.92, lon: 4.48, label: 'Rotterdam' }
const LOS_ANGELES = { lat: 33.74, lon: -118.27, label: 'Los Angeles' }
const WEST_OF_DATE_LINE = { lat: 38, lon: 175, label: 'North Pacific' }
const EAST_OF_HAWAII = { lat: 30, lon: -150, label: 'East Pacific' }

describe('projectRoute', () => {
  it('places the stops where projectPoint does, to 0.1 px, inside the map', () => {
    const route = projectRoute({ origin: SHANGHAI, destination: ROTTERDAM, current: null })
    expect(route.origin).toEqual({ ...projectPoint(SHANGHAI.lat, SHANGHAI.lon), label: 'Shanghai' })
    expect(route.destination).toEqual({ ...projectPoint(ROTTERDAM.lat, ROTTERDAM.lon), label: 'Rotterdam' })
    for (const point of [route.origin!, route.destination!]) {
      expect(point.x).toBeGreaterThan(0)
      expect(point.x).toBeLessThan(MAP_WIDTH)
      expect(point.y).toBeGreaterThan(0)
      expect(point.y).toBeLessThan(MAP_HEIGHT)
      expect(point.x * 10).toBe(Math.round(point.x * 10))
    }
    expect(route.origin!.x).toBeGreaterThan(route.destination!.x)
  })

  it('continues a trans-Pacific route past the map’s right edge instead of across Asia and the Atlantic', () => {
    const route = projectRoute({ origin: SHANGHAI, destination: LOS_ANGELES, current: EAST_OF_HAWAII })
    expect(route.destination!.x).toBeLessThan(route.origin!.x)
    expect(route.destination!.wrapX).toBeGreaterThan(MAP_WIDTH)
    expect(route.current!.wrapX).toBeGreaterThan(MAP_WIDTH)
    expect(route.current!.wrapX).toBeLessThan(route.destination!.wrapX!)
    const beforeTheEdge = projectRoute({ origin: SHANGHAI, destination: LOS_ANGELES, current: WEST_OF_DATE_LINE }).current!
    expect(beforeTheEdge).not.toHaveProperty('wrapX')
    expect(beforeTheEdge.x).toBeGreaterThan(route.origin!.x)
  })

  it('leaves wrapX out for a route that stays on the map, and the other way round continues past the left edge', () => {
    expect(projectRoute({ origin: SHANGHAI, destination: ROTTERDAM, current: null }).destination).not.toHaveProperty('wrapX')
    expect(projectRoute({ origin: LOS_ANGELES, destination: SHANGHAI, current: null }).destination!.wrapX).toBeLessThan(0)
  })

  it('keeps a missing stop missing', () => {
    expect(projectRoute({ origin: null, destination: ROTTERDAM, current: null })).toEqual({
      origin: null,
      destination: { ...projectPoint(ROTTERDAM.lat, ROTTERDAM.lon), label: 'Rotterdam' },
      current: null,
    })
  })
})
