import catalogEn from './messages/catalog/en.json'
import catalogZhHans from './messages/catalog/zh-Hans.json'
import catalogZhHant from './messages/catalog/zh-Hant.json'
import { PRODUCT_UNITS, type ProductUnit } from './catalog.constants'
import { normalizeLabel } from './product-import.inputs'

/** What people write for each unit besides its id and the names the screens show (`units.*` in every locale). */
const UNIT_ALIASES: Record<ProductUnit, string[]> = {
  piece: ['pcs', 'pc', 'pieces', 'ea', 'each', 'unit', 'units', '个', '個', '只', '隻'],
  set: ['sets'],
  pair: ['pairs', 'pr', 'prs'],
  box: ['boxes', 'bx'],
  carton: ['cartons', 'ctn', 'ctns'],
  pallet: ['pallets', 'plt', 'plts'],
  kg: ['kgs', 'kilogram', 'kilograms', 'kilo', 'kilos', '公斤', '千克'],
  tonne: ['tonnes', 't', 'ton', 'tons', 'mt', '吨', '噸', '公噸'],
  metre: ['m', 'metres', 'meter', 'meters', '米', '公尺'],
  square_metre: ['m2', 'sqm', 'square metres', 'square meter', 'square meters', '平方米', '平方公尺'],
  cubic_metre: ['m3', 'cbm', 'cubic metres', 'cubic meter', 'cubic meters', '立方米', '立方公尺'],
  litre: ['l', 'litres', 'liter', 'liters', 'ltr', '升', '公升'],
  roll: ['rolls'],
  sheet: ['sheets'],
  dozen: ['dozens', 'dz', 'doz'],
}

const UNIT_LOOKUP = new Map<string, ProductUnit>(
  PRODUCT_UNITS.flatMap((unit) => [unit, ...UNIT_ALIASES[unit], ...[catalogEn, catalogZhHans, catalogZhHant].map((catalog) => catalog.units[unit])].map((name) => [normalizeLabel(name), unit] as const)),
)

/** The unit a spreadsheet cell or a free-text unit names (`PCS`, `Pieces`, `件`, `m²`…), case-insensitively; null when none. */
export function productUnitFrom(text: string): ProductUnit | null {
  return UNIT_LOOKUP.get(normalizeLabel(text)) ?? null
}
