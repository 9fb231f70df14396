import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES } from '../../platform/countries'
import { COUNTRY_CENTROIDS } from './country-centroids'
import { KNOWN_PLACES, locatePlace, placeSuggestions } from './places'

const at = (locode: string) => {
  const place = KNOWN_PLACES.find((candidate) => candidate.locode === locode)!
  return { lat: place.lat, lon: place.lon, precision: 'place' }
}

describe('locatePlace', () => {
  it('finds a place by its English name, LOCODE, or the name with “Port of”, a country or different spacing', () => {
    for (const name of [
      'Shanghai',
      'shanghai',
      'CNSHA',
      'CN SHA',
      'Port of Shanghai',
      'Shanghai, CN',
      'SHANG HAI',
      'Shanghai Port',
      'Shanghai Pudong International Airport',
    ]) {
      expect(locatePlace(name, 'CN'), name).toEqual(at('CNSHA'))
    }
    expect(locatePlace('Port of Los Angeles', 'US')).toEqual(at('USLAX'))
    expect(locatePlace('Frankfurt Airport', 'DE')).toEqual(at('DEFRA'))
    expect(locatePlace('Jebel Ali', 'AE')).toEqual(at('AEJEA'))
    expect(locatePlace('Port Klang', 'MY')).toEqual(at('MYPKG'))
    expect(locatePlace('São Paulo', 'BR')).toEqual(locatePlace('Sao Paulo', 'BR'))
  })

  it('finds places by their Chinese names, with or without 港, 机场 or 市', () => {
    expect(locatePlace('上海港', 'CN')).toEqual(at('CNSHA'))
    expect(locatePlace('上海浦东国际机场', 'CN')).toEqual(at('CNSHA'))
    expect(locatePlace('宁波', 'CN')).toEqual(at('CNNGB'))
    expect(locatePlace('寧波港', 'CN')).toEqual(at('CNNGB'))
    expect(locatePlace('深圳盐田', 'CN')).toEqual(at('CNSZX'))
    expect(locatePlace('盐田港', 'CN')).toEqual(at('CNYTN'))
    expect(locatePlace('蛇口', 'CN')).toEqual(at('CNSHK'))
    expect(locatePlace('广州', 'CN')).toEqual(at('CNCAN'))
    expect(locatePlace('青岛港', 'CN')).toEqual(at('CNTAO'))
    expect(locatePlace('义乌市', 'CN')).toEqual(at('CNYIW'))
    expect(locatePlace('東莞', 'CN')).toEqual(at('CNDGG'))
    expect(locatePlace('香港', 'HK')).toEqual(at('HKHKG'))
    expect(locatePlace('香港国际机场', 'HK')).toEqual(at('HKHKG'))
    expect(locatePlace('张家港', 'CN')).toEqual(at('CNZJG'))
    expect(locatePlace('鹿特丹港', 'NL')).toEqual(at('NLRTM'))
  })

  it('prefers the place in the shipment’s country when a name is shared', () => {
    expect(locatePlace('奥克兰', 'NZ')).toEqual(at('NZAKL'))
    expect(locatePlace('奥克兰', 'US')).toEqual(at('USOAK'))
    expect(locatePlace('Manzanillo', 'MX')).toEqual(at('MXZLO'))
  })

  it('falls back to the country’s centre when the place is unknown, or named in another country', () => {
    const china = { lat: COUNTRY_CENTROIDS.CN![0], lon: COUNTRY_CENTROIDS.CN![1], precision: 'country' }
    expect(locatePlace('Jinhua Logistics Park', 'CN')).toEqual(china)
    expect(locatePlace('', 'cn')).toEqual(china)
    expect(locatePlace('Rotterdam', 'CN')).toEqual(china)
    expect(locatePlace('Valletta', 'MT')).toMatchObject({ precision: 'country' })
  })

  it('finds a place anywhere when no country is given, and nothing when neither is known', () => {
    expect(locatePlace('Busan', '')).toEqual(at('KRPUS'))
    expect(locatePlace('Atlantis', '')).toBeNull()
    expect(locatePlace('Atlantis', 'XX')).toBeNull()
    expect(locatePlace('', '')).toBeNull()
  })
})

describe('placeSuggestions', () => {
  it('offers places whose LOCODE or a name starts with what was typed, then those that contain it', () => {
    expect(placeSuggestions('shen', 5)).toEqual([{ name: 'Shenzhen', locode: 'CNSZX', country: 'CN' }])
    expect(placeSuggestions('CNS', 3).map((place) => place.locode)).toEqual(['CNSHA', 'CNSZX', 'CNSHK'])
    expect(placeSuggestions('上海', 5)).toEqual([{ name: 'Shanghai', locode: 'CNSHA', country: 'CN' }])
    expect(placeSuggestions('werp', 5).map((place) => place.locode)).toEqual(['BEANR'])
  })

  it('offers nothing for an empty query, and at most `limit`', () => {
    expect(placeSuggestions('  ', 5)).toEqual([])
    expect(placeSuggestions('a', 4)).toHaveLength(4)
  })
})

describe('the places table', () => {
  it('holds about 150 places with unique LOCODEs of known countries and sane coordinates', () => {
    expect(KNOWN_PLACES.length).toBeGreaterThanOrEqual(150)
    expect(new Set(KNOWN_PLACES.map((place) => place.locode)).size).toBe(KNOWN_PLACES.length)
    const countries = new Set<string>(COUNTRY_CODES)
    for (const place of KNOWN_PLACES) {
      expect(place.locode, place.name).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/)
      expect(countries.has(place.country), place.locode).toBe(true)
      expect(Math.abs(place.lat), place.locode).toBeLessThanOrEqual(90)
      expect(Math.abs(place.lon), place.locode).toBeLessThanOrEqual(180)
    }
  })

  it('puts every place within 2,500 km of its country’s centre (but in Russia, the US and Canada), which catches a swapped sign', () => {
    const far = KNOWN_PLACES.filter((place) => {
      if (['RU', 'US', 'CA'].includes(place.country)) return false
      const [lat, lon] = COUNTRY_CENTROIDS[place.country]!
      return distanceKm(place.lat, place.lon, lat, lon) > 2500
    })
    expect(far.map((place) => place.locode)).toEqual([])
  })
})

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(a))
}
