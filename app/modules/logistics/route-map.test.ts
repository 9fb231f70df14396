import { readFile, stat } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { COUNTRY_CENTROIDS_PATH, countryCentroidsModule, WORLD_LAND_SVG_PATH, worldLandSvg } from '../../../scripts/world-map'
import { COUNTRY_CODES } from '../../platform/countries'
import { COUNTRY_CENTROIDS } from './country-centroids'
import { MAP_HEIGHT, MAP_WIDTH } from '../../platform/map-projection'
import { projectPoint } from './route-projection.server'

/** Territories without people or trade, which no shipment starts or ends in. */
const UNINHABITED = ['AQ', 'BV', 'GS', 'HM', 'PN', 'UM']

describe('the route map’s generated files (npm run map)', () => {
  it('are what scripts/world-map.ts writes today', async () => {
    expect(await readFile(WORLD_LAND_SVG_PATH, 'utf8')).toBe(await worldLandSvg())
    expect(await readFile(COUNTRY_CENTROIDS_PATH, 'utf8')).toBe(await countryCentroidsModule())
  })

  it('draw the land as one small SVG path in the 960 × 500 frame', async () => {
    const svg = await readFile(WORLD_LAND_SVG_PATH, 'utf8')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 960 500"/)
    expect(svg.match(/<path /g)).toHaveLength(1)
    expect((await stat(WORLD_LAND_SVG_PATH)).size).toBeLessThan(80_000)
    const numbers = [...svg.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)] as const)
    expect(numbers.length).toBeGreaterThan(3000)
    for (const [x, y] of numbers) {
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThanOrEqual(MAP_WIDTH)
      expect(y).toBeGreaterThanOrEqual(0)
      expect(y).toBeLessThanOrEqual(MAP_HEIGHT)
    }
    expect(svg).not.toMatch(/\d\.\d\d/)
  })

  it('place every inhabited country, with known codes only', () => {
    const missing = COUNTRY_CODES.filter((code) => !(code in COUNTRY_CENTROIDS))
    expect(missing).toEqual(UNINHABITED.filter((code) => !(code in COUNTRY_CENTROIDS)))
    const known = new Set<string>(COUNTRY_CODES)
    expect(Object.keys(COUNTRY_CENTROIDS).filter((code) => !known.has(code))).toEqual([])
  })

  it('put a country’s point on its main landmass: metropolitan France, the contiguous United States, mainland Norway', () => {
    const near = (code: string, lat: number, lon: number, within: number) => {
      const [actualLat, actualLon] = COUNTRY_CENTROIDS[code]!
      expect(Math.abs(actualLat - lat), code).toBeLessThan(within)
      expect(Math.abs(actualLon - lon), code).toBeLessThan(within)
    }
    near('FR', 46.6, 2.4, 1.5)
    near('US', 39.5, -98.5, 2)
    near('NO', 64.5, 12, 3)
    near('CN', 36, 103, 3)
    near('SG', 1.35, 103.82, 0.2)
    near('HK', 22.32, 114.17, 0.2)
  })

  it('put every country’s point inside the map', () => {
    for (const [code, [lat, lon]] of Object.entries(COUNTRY_CENTROIDS)) {
      const { x, y } = projectPoint(lat, lon)
      expect(x > 0 && x < MAP_WIDTH && y > 0 && y < MAP_HEIGHT, `${code} at ${x}, ${y}`).toBe(true)
    }
  })
})
