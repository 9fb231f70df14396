import { PRODUCT_UNITS, type ProductUnit } from './catalog.constants'

/**
 * What people write for each unit besides its id: abbreviations, plurals and the names the screens show in
 * every locale (a test keeps these in step with the catalogs' `units`). Compared without case, spaces or dots.
 */
const UNIT_ALIASES: Record<ProductUnit, string[]> = {
  piece: ['pcs', 'pc', 'pieces', 'ea', 'each', 'unit', 'units', '件', '个', '個', '只', '隻'],
  set: ['sets', '套'],
  pair: ['pairs', 'pr', 'prs', '双', '雙'],
  box: ['boxes', 'bx', '盒'],
  carton: ['cartons', 'ctn', 'ctns', '箱'],
  pallet: ['pallets', 'plt', 'plts', '托盘', '棧板'],
  kg: ['kgs', 'kilogram', 'kilograms', 'kilo', 'kilos', '千克', '公斤'],
  tonne: ['tonnes', 't', 'ton', 'tons', 'mt', '吨', '噸', '公噸'],
  metre: ['m', 'metres', 'meter', 'meters', '米', '公尺'],
  square_metre: ['m2', 'sqm', 'square metre', 'square metres', 'square meter', 'square meters', '平方米', '平方公尺'],
  cubic_metre: ['m3', 'cbm', 'cubic metre', 'cubic metres', 'cubic meter', 'cubic meters', '立方米', '立方公尺'],
  litre: ['l', 'litres', 'liter', 'liters', 'ltr', '升', '公升'],
  roll: ['rolls', '卷', '捲'],
  sheet: ['sheets', '张', '張'],
  dozen: ['dozens', 'dz', 'doz', '打'],
}

// NFKC turns ㎡ and m² into m2.
const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '')

const UNIT_LOOKUP = new Map<string, ProductUnit>(
  PRODUCT_UNITS.flatMap((unit) => [unit, ...UNIT_ALIASES[unit]].map((name) => [comparable(name), unit] as const)),
)

/** The unit a spreadsheet cell or a free-text unit names (`PCS`, `Pieces`, `件`, `m²`…), case-insensitively; null when none. */
export function productUnitFrom(text: string): ProductUnit | null {
  return UNIT_LOOKUP.get(comparable(text)) ?? null
}
