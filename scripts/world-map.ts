/**
 * Writes the shipment route map's data (issue 19) from Natural Earth's 1:110m shapes (world-atlas, public domain):
 * public/maps/world-land.svg, the land in the map's projection, and app/modules/logistics/country-centroids.ts, a point
 * per country for shipments whose place is not in the places table. `npm run map` after changing map-projection.ts.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { geoArea, geoCentroid, geoNaturalEarth1, geoPath } from 'd3-geo'
import type { MultiPolygon, Polygon, Position } from 'geojson'
import prettier from 'prettier'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { MAP_CENTRAL_MERIDIAN, MAP_HEIGHT, MAP_SCALE, MAP_TRANSLATE, MAP_WIDTH } from '../app/platform/map-projection'

export const WORLD_LAND_SVG_PATH = fileURLToPath(new URL('../public/maps/world-land.svg', import.meta.url))
export const COUNTRY_CENTROIDS_PATH = fileURLToPath(new URL('../app/modules/logistics/country-centroids.ts', import.meta.url))

/** Antarctica, every point of which lies south of 60°S: no trade lane ends there, and without it the rest gets more room. */
const isAntarctic = (polygon: Position[][]) => polygon[0]?.every((position) => (position[1] ?? 0) < -60) ?? false
/**
 * One grey that reads on the light and the dark card: an <image> cannot take the page's colours, so the component
 * sets its opacity per colour mode instead of shipping two files.
 */
const LAND_FILL = '#8c8c99'

/** ISO 3166-1 numeric → alpha-2 for the countries world-atlas 110m draws (Kosovo, N. Cyprus and Somaliland have no code; Antarctica is left out). */
// prettier-ignore
const ALPHA2_BY_NUMERIC: Record<string, string> = {
  '004': 'AF', '008': 'AL', '012': 'DZ', '024': 'AO', '031': 'AZ', '032': 'AR', '036': 'AU', '040': 'AT', '044': 'BS',
  '050': 'BD', '051': 'AM', '056': 'BE', '064': 'BT', '068': 'BO', '070': 'BA', '072': 'BW', '076': 'BR', '084': 'BZ', '090': 'SB',
  '096': 'BN', '100': 'BG', '104': 'MM', '108': 'BI', '112': 'BY', '116': 'KH', '120': 'CM', '124': 'CA', '140': 'CF', '144': 'LK',
  '148': 'TD', '152': 'CL', '156': 'CN', '158': 'TW', '170': 'CO', '178': 'CG', '180': 'CD', '188': 'CR', '191': 'HR', '192': 'CU',
  '196': 'CY', '203': 'CZ', '204': 'BJ', '208': 'DK', '214': 'DO', '218': 'EC', '222': 'SV', '226': 'GQ', '231': 'ET', '232': 'ER',
  '233': 'EE', '238': 'FK', '242': 'FJ', '246': 'FI', '250': 'FR', '260': 'TF', '262': 'DJ', '266': 'GA', '268': 'GE', '270': 'GM',
  '275': 'PS', '276': 'DE', '288': 'GH', '300': 'GR', '304': 'GL', '320': 'GT', '324': 'GN', '328': 'GY', '332': 'HT', '340': 'HN',
  '348': 'HU', '352': 'IS', '356': 'IN', '360': 'ID', '364': 'IR', '368': 'IQ', '372': 'IE', '376': 'IL', '380': 'IT', '384': 'CI',
  '388': 'JM', '392': 'JP', '398': 'KZ', '400': 'JO', '404': 'KE', '408': 'KP', '410': 'KR', '414': 'KW', '417': 'KG', '418': 'LA',
  '422': 'LB', '426': 'LS', '428': 'LV', '430': 'LR', '434': 'LY', '440': 'LT', '442': 'LU', '450': 'MG', '454': 'MW', '458': 'MY',
  '466': 'ML', '478': 'MR', '484': 'MX', '496': 'MN', '498': 'MD', '499': 'ME', '504': 'MA', '508': 'MZ', '512': 'OM', '516': 'NA',
  '524': 'NP', '528': 'NL', '540': 'NC', '548': 'VU', '554': 'NZ', '558': 'NI', '562': 'NE', '566': 'NG', '578': 'NO', '586': 'PK',
  '591': 'PA', '598': 'PG', '600': 'PY', '604': 'PE', '608': 'PH', '616': 'PL', '620': 'PT', '624': 'GW', '626': 'TL', '630': 'PR',
  '634': 'QA', '642': 'RO', '643': 'RU', '646': 'RW', '682': 'SA', '686': 'SN', '688': 'RS', '694': 'SL', '703': 'SK', '704': 'VN',
  '705': 'SI', '706': 'SO', '710': 'ZA', '716': 'ZW', '724': 'ES', '728': 'SS', '729': 'SD', '732': 'EH', '740': 'SR', '748': 'SZ',
  '752': 'SE', '756': 'CH', '760': 'SY', '762': 'TJ', '764': 'TH', '768': 'TG', '780': 'TT', '784': 'AE', '788': 'TN', '792': 'TR',
  '795': 'TM', '800': 'UG', '804': 'UA', '807': 'MK', '818': 'EG', '826': 'GB', '834': 'TZ', '840': 'US', '854': 'BF', '858': 'UY',
  '860': 'UZ', '862': 'VE', '887': 'YE', '894': 'ZM',
}

/**
 * Countries too small for the 1:110m shapes (or drawn as part of another, like French Guiana), placed by hand at their
 * main port or capital. Only uninhabited territories (BV, HM, GS, UM, PN's neighbours…) stay without a point.
 */
// prettier-ignore
const SMALL_COUNTRY_CENTROIDS: Record<string, [lat: number, lon: number]> = {
  AD: [42.51, 1.52], AG: [17.07, -61.8], AI: [18.22, -63.06], AS: [-14.28, -170.7], AW: [12.52, -69.97], AX: [60.1, 19.94],
  BB: [13.17, -59.55], BH: [26.07, 50.55], BL: [17.9, -62.83], BM: [32.3, -64.78], BQ: [12.18, -68.26], CC: [-12.16, 96.87],
  CK: [-21.24, -159.78], CV: [15.11, -23.62], CW: [12.17, -68.99], CX: [-10.49, 105.62], DM: [15.42, -61.35], FM: [6.92, 158.16],
  FO: [62.01, -6.77], GD: [12.12, -61.68], GF: [3.93, -53.13], GG: [49.45, -2.58], GI: [36.14, -5.35], GP: [16.25, -61.58],
  GU: [13.44, 144.79], HK: [22.32, 114.17], IM: [54.24, -4.55], IO: [-7.33, 72.42], JE: [49.21, -2.13], KI: [1.33, 172.98],
  KM: [-11.88, 43.87], KN: [17.34, -62.78], KY: [19.31, -81.25], LC: [13.91, -60.98], LI: [47.17, 9.56], MC: [43.74, 7.42],
  MF: [18.08, -63.05], MH: [7.13, 171.18], MO: [22.2, 113.55], MP: [15.18, 145.75], MQ: [14.64, -61.02], MS: [16.74, -62.19],
  MT: [35.9, 14.45], MU: [-20.35, 57.55], MV: [4.18, 73.51], NF: [-29.04, 167.95], NR: [-0.53, 166.93], NU: [-19.05, -169.87],
  PF: [-17.68, -149.41], PM: [46.88, -56.32], PW: [7.51, 134.58], RE: [-21.12, 55.54], SC: [-4.68, 55.49], SG: [1.35, 103.82],
  SH: [-15.97, -5.71], SJ: [78.22, 15.65], SM: [43.94, 12.46], ST: [0.19, 6.61], SX: [18.04, -63.07], TC: [21.69, -71.8],
  TK: [-9.2, -171.85], TO: [-21.18, -175.2], TV: [-7.11, 177.65], VA: [41.9, 12.45], VC: [13.25, -61.2], VG: [18.42, -64.64],
  VI: [18.34, -64.9], WF: [-13.77, -177.16], WS: [-13.76, -172.1], YT: [-12.83, 45.17],
}

async function loadTopology(name: string): Promise<Topology<{ countries: GeometryCollection<{ name: string }>; land: GeometryCollection }>> {
  return JSON.parse(await readFile(fileURLToPath(import.meta.resolve(`world-atlas/${name}`)), 'utf8'))
}

function mapProjection() {
  return geoNaturalEarth1()
    .rotate([-MAP_CENTRAL_MERIDIAN, 0])
    .scale(MAP_SCALE)
    .translate([...MAP_TRANSLATE])
}

/** The land without Antarctica as one path, coordinates to 0.1 px. */
export async function worldLandSvg(): Promise<string> {
  const topology = await loadTopology('land-110m.json')
  const land = feature(topology, topology.objects.land).features[0]?.geometry
  if (land?.type !== 'MultiPolygon') throw new Error('world-atlas land-110m.json holds no land')
  const inhabited: MultiPolygon = { type: 'MultiPolygon', coordinates: land.coordinates.filter((polygon) => !isAntarctic(polygon)) }
  const path = geoPath(mapProjection()).digits(1)(inhabited)
  if (!path) throw new Error('world-atlas drew no land')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}">`,
    '<!-- Natural Earth 1:110m land via world-atlas (public domain), written by scripts/world-map.ts -->',
    `<path fill="${LAND_FILL}" d="${path}"/>`,
    '</svg>',
    '',
  ].join('\n')
}

/** The centroid of a country's largest polygon: metropolitan France, not the average of France and French Guiana. */
function mainlandCentroid(shape: Polygon | MultiPolygon): [lat: number, lon: number] {
  const polygons: Polygon[] = shape.type === 'Polygon' ? [shape] : shape.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
  const largest = polygons.reduce((best, polygon) => (geoArea(polygon) > geoArea(best) ? polygon : best))
  const [lon, lat] = geoCentroid(largest)
  return [Math.round(lat * 100) / 100, Math.round(lon * 100) / 100]
}

/** The country-centroids.ts module's text: alpha-2 → [lat, lon], sorted by code. */
export async function countryCentroidsModule(): Promise<string> {
  const countries = await loadTopology('countries-110m.json')
  const centroids = new Map<string, [number, number]>(Object.entries(SMALL_COUNTRY_CENTROIDS))
  for (const country of feature(countries, countries.objects.countries).features) {
    const code = country.id === undefined ? undefined : ALPHA2_BY_NUMERIC[String(country.id)]
    const shape = country.geometry
    if (!code || (shape.type !== 'Polygon' && shape.type !== 'MultiPolygon')) continue
    if (centroids.has(code)) throw new Error(`${code} is both drawn and placed by hand`)
    centroids.set(code, mainlandCentroid(shape))
  }
  const entries = [...centroids].sort(([a], [b]) => a.localeCompare(b)).map(([code, [lat, lon]]) => `  ${code}: [${lat}, ${lon}],`)
  const source = [
    '// Written by scripts/world-map.ts (`npm run map`) from Natural Earth 1:110m shapes; edit the script, not this file.',
    '',
    '/** ISO 3166-1 alpha-2 → [latitude, longitude] of the country’s main landmass (or main port, for the smallest). */',
    'export const COUNTRY_CENTROIDS: Readonly<Record<string, readonly [lat: number, lon: number]>> = {',
    ...entries,
    '}',
    '',
  ].join('\n')
  return prettier.format(source, { ...(await prettier.resolveConfig(COUNTRY_CENTROIDS_PATH)), filepath: COUNTRY_CENTROIDS_PATH })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const svg = await worldLandSvg()
  await writeFile(WORLD_LAND_SVG_PATH, svg)
  const centroids = await countryCentroidsModule()
  await writeFile(COUNTRY_CENTROIDS_PATH, centroids)
  console.log(`wrote ${WORLD_LAND_SVG_PATH} (${svg.length} bytes) and ${COUNTRY_CENTROIDS_PATH} (${centroids.length} bytes)`)
}
