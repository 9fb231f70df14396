import { Faker, en } from '@faker-js/faker'
import Decimal from 'decimal.js'
import type { ProductAttribute, ProductStatus, ProductUnit } from '../../../app/modules/catalog/index'
import { roundToCurrency } from '../../../app/modules/catalog/index'
import type { SupplierType, VerificationStatus } from '../../../app/modules/companies/index'
import { countryName } from '../../../app/platform/countries'
import type { ProductLook } from './art/subjects'
import { CERTIFICATIONS, SUPPLIER_COUNTRIES, TRADE_WORDS, type SupplierCountry } from './company-names'
import { COLOURS, FAMILIES, phrase, type Phrase, type ProductFamily, productName } from './vocabulary'

/** Everything about one generated supplier, decided before anything is written. */
export type CompanyPlan = {
  name: string
  /** The trading name in the three locales (Chinese names for Chinese-speaking places, transliterations elsewhere). */
  names: Phrase
  legalName: string
  kind: 'supplier' | 'both'
  country: string
  city: Phrase
  supplierType: SupplierType
  verificationStatus: VerificationStatus
  description: { en: string; 'zh-Hans': string; 'zh-Hant': string }
  mainProducts: string[]
  mainMarkets: string[]
  yearFounded: number
  website: string
  certifications: Array<{ name: string; issuer: string; certificateNumber: string }>
  families: ProductFamily[]
  /** The currency of its active price list; null for a supplier that publishes no prices. */
  priceCurrency: 'USD' | 'EUR' | 'CNY' | null
  /** Its share of the generated products. */
  weight: number
}

export type ProductPlan = {
  family: ProductFamily
  name: Phrase
  description: Phrase
  sku: string
  status: ProductStatus
  publishedAt: Date
  moq: number
  leadTimeDays: number
  /** English names and values with their Simplified and Traditional Chinese translations. */
  attributes: ProductAttribute[]
  /** What its picture shows (art/subjects.ts). */
  look: ProductLook
  /** Quantity breaks, cheapest last; empty when the company publishes no prices. */
  breaks: Array<{ minQuantity: number; unitPrice: string }>
}

const MARKETS = ['US', 'DE', 'GB', 'FR', 'AU', 'JP', 'AE', 'BR', 'CA', 'NL', 'SA', 'MX']
/** Prices are planned in US cents; other currencies at a fixed demo rate. */
const DEMO_RATES = { USD: '1', EUR: '0.92', CNY: '7.2' } as const
const SUPPLIER_TYPE_WORDS: Record<SupplierType, Phrase> = {
  manufacturer: phrase('manufacturer', '生产厂家', '製造廠商'),
  trading_company: phrase('trading company', '贸易公司', '貿易公司'),
  wholesaler: phrase('wholesaler', '批发商', '批發商'),
  logistics_provider: phrase('logistics provider', '物流服务商', '物流服務商'),
  inspection_agency: phrase('inspection agency', '检验机构', '檢驗機構'),
  customs_broker: phrase('customs broker', '报关行', '報關行'),
  certification_body: phrase('certification body', '认证机构', '認證機構'),
}
const UNIT_WORDS: Record<ProductUnit, Phrase> = {
  piece: phrase('pieces', '件'),
  set: phrase('sets', '套'),
  pair: phrase('pairs', '双', '雙'),
  box: phrase('boxes', '盒'),
  carton: phrase('cartons', '箱'),
  pallet: phrase('pallets', '托', '棧板'),
  kg: phrase('kg', '公斤'),
  tonne: phrase('tonnes', '吨', '噸'),
  metre: phrase('metres', '米', '公尺'),
  square_metre: phrase('m²', '平方米', '平方公尺'),
  cubic_metre: phrase('m³', '立方米', '立方公尺'),
  litre: phrase('litres', '升', '公升'),
  roll: phrase('rolls', '卷', '捲'),
  sheet: phrase('sheets', '张', '張'),
  dozen: phrase('dozen', '打'),
}
const SELLING_POINTS: Phrase[] = [
  phrase('Every batch is inspected before shipment.', '每批货物出厂前均经过质检。', '每批貨物出廠前均經過品檢。'),
  phrase('Free samples for qualified buyers.', '合格买家可免费索取样品。', '合格買家可免費索取樣品。'),
  phrase('Custom logo printing on request.', '可按要求印制定制标志。', '可依需求印製客製標誌。'),
  phrase('Packed in export cartons on pallets.', '出口纸箱包装，托盘发货。', '出口紙箱包裝，棧板出貨。'),
  phrase('Meets EU and US market requirements.', '符合欧盟和美国市场要求。', '符合歐盟和美國市場要求。'),
  phrase('In stock for fast dispatch.', '现货供应，发货迅速。', '現貨供應，出貨迅速。'),
]

/** The attribute names the generated products use, in the three locales. */
const ATTRIBUTE_NAMES = {
  material: phrase('Material', '材质', '材質'),
  specification: phrase('Specification', '规格', '規格'),
  colour: phrase('Colour', '颜色', '顏色'),
}

const attribute = (name: Phrase, value: Phrase): ProductAttribute => ({
  name: name.en,
  value: value.en,
  nameZhHans: name.zhHans,
  valueZhHans: value.zhHans,
  nameZhHant: name.zhHant,
  valueZhHant: value.zhHant,
})

/** A faker of its own per purpose, so the companies stay the same whatever number of products is asked for. */
export function seededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [en] })
  faker.seed(seed)
  return faker
}

function weightedCountry(faker: Faker): SupplierCountry {
  const total = SUPPLIER_COUNTRIES.reduce((sum, country) => sum + country.weight, 0)
  let pick = faker.number.int({ min: 0, max: total - 1 })
  for (const country of SUPPLIER_COUNTRIES) {
    if (pick < country.weight) return country
    pick -= country.weight
  }
  return SUPPLIER_COUNTRIES[0]!
}

const TOP_LEVEL_OF: Record<string, string> = {}
/** The top-level category of a family's category, from the seeded tree (migration 0004) as the vocabulary mirrors it. */
export function topLevelOf(family: ProductFamily): string {
  return TOP_LEVEL_OF[family.code] ?? family.categoryId
}
const FAMILIES_BY_TRADE = new Map<string, ProductFamily[]>()
{
  // The vocabulary is grouped by top-level category in order; each group starts where the trade word changes.
  const groups: Array<[string, string[]]> = [
    ['ceramics-glass', ['MUG', 'PLT', 'TPT', 'BSN', 'GLS']],
    ['lighting', ['FIL', 'SMB', 'FLD', 'SOL', 'PNL']],
    ['electrical', ['CBL', 'SKT', 'SWT', 'PSU']],
    ['electronics', ['CAS', 'USB', 'PWB', 'SPK', 'EAR', 'PLG']],
    ['machinery', ['FLM', 'LTH', 'PMP', 'VLV']],
    ['tools-hardware', ['WRN', 'DRL', 'BLT', 'SCR']],
    ['home-garden', ['PAN', 'BRD', 'FRM', 'HSE']],
    ['furniture', ['CHR', 'PTO', 'BED']],
    ['textiles', ['TWL', 'PLY', 'TWE', 'SHT']],
    ['apparel', ['JKT', 'VST', 'TSH', 'HOD']],
    ['bags-shoes', ['TOT', 'LUG', 'BOT']],
    ['packaging', ['BOX', 'PCH', 'LBL']],
    ['chemicals', ['SIL', 'EPX', 'PPG']],
    ['metals', ['PIP', 'ALP', 'CUW']],
    ['construction', ['SPC', 'WIN', 'PVC']],
    ['automotive', ['HDL', 'WHL', 'WAX']],
    ['food-beverage', ['GTE', 'OTE', 'RCR', 'CWT']],
    ['agriculture', ['SED', 'FRT', 'TLR']],
    ['health-beauty', ['SRM', 'GLV', 'TBR']],
    ['sports-toys', ['YGM', 'DMB', 'BLK', 'TNT']],
    ['office-school', ['PEN', 'NTB', 'LAM']],
  ]
  for (const [trade, codes] of groups) {
    FAMILIES_BY_TRADE.set(
      trade,
      codes.map((code) => {
        const found = FAMILIES.find((item) => item.code === code)
        if (!found) throw new Error(`Unknown product family ${code}`)
        TOP_LEVEL_OF[code] = trade
        return found
      }),
    )
  }
}
const TRADES = [...FAMILIES_BY_TRADE.keys()]

function joinList(items: string[], locale: 'en' | 'zh'): string {
  if (locale === 'zh') return items.join('、')
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

function companyDescription(plan: {
  name: Phrase
  city: Phrase
  country: string
  supplierType: SupplierType
  families: ProductFamily[]
  yearFounded: number
  mainMarkets: string[]
}) {
  const type = SUPPLIER_TYPE_WORDS[plan.supplierType]
  const markets = (locale: string) => plan.mainMarkets.map((code) => countryName(code, locale))
  const en = `${plan.name.en} is a ${type.en} based in ${plan.city.en}, ${countryName(plan.country, 'en')}, founded in ${plan.yearFounded}. Main products: ${joinList(
    plan.families.map((family) => family.name.en),
    'en',
  )}. Exports to ${joinList(markets('en'), 'en')}.`
  const families = (key: 'zhHans' | 'zhHant') =>
    joinList(
      plan.families.map((family) => family.name[key]),
      'zh',
    )
  const hans = `${plan.name.zhHans}是位于${countryName(plan.country, 'zh-Hans')}${plan.city.zhHans}的${families('zhHans')}${type.zhHans}，成立于${plan.yearFounded}年，产品出口${joinList(markets('zh-Hans'), 'zh')}。`
  const hant = `${plan.name.zhHant}是位於${countryName(plan.country, 'zh-Hant')}${plan.city.zhHant}的${families('zhHant')}${type.zhHant}，成立於${plan.yearFounded}年，產品出口${joinList(markets('zh-Hant'), 'zh')}。`
  return { en, 'zh-Hans': hans, 'zh-Hant': hant }
}

/** `count` suppliers with distinct names: country, city, brand, main trade, verification, certificates and price currency. */
export function planCompanies(count: number, seed: number): CompanyPlan[] {
  const faker = seededFaker(seed)
  const taken = new Set<string>()
  const plans: CompanyPlan[] = []
  for (let index = 0; index < count; index++) {
    const country = weightedCountry(faker)
    const city = faker.helpers.arrayElement(country.cities)
    const trade = TRADES[index % TRADES.length]!
    const tradeWord = TRADE_WORDS[trade]!
    const brand = faker.helpers.arrayElement(country.brands)
    const name = uniqueName(taken, country, city, brand, tradeWord, index)
    const families = faker.helpers.arrayElements(FAMILIES_BY_TRADE.get(trade)!, { min: 2, max: 4 })
    const supplierType = faker.helpers.weightedArrayElement<SupplierType>([
      { weight: 65, value: 'manufacturer' },
      { weight: 30, value: 'trading_company' },
      { weight: 5, value: 'wholesaler' },
    ])
    const verificationStatus = faker.helpers.weightedArrayElement<VerificationStatus>([
      { weight: 45, value: 'accept' },
      { weight: 20, value: 'pending' },
      { weight: 35, value: 'unverified' },
    ])
    const yearFounded = faker.number.int({ min: 1988, max: 2021 })
    const mainMarkets = faker.helpers.arrayElements(
      MARKETS.filter((market) => market !== country.code),
      3,
    )
    const script = country.code === 'CN' ? 'zhHans' : 'zhHant'
    plans.push({
      name: name.en,
      names: name,
      legalName: country.chinese ? `${name[script]}${country.legalSuffix}` : `${name.en} ${country.legalSuffix}`,
      kind: index % 10 === 9 ? 'both' : 'supplier',
      country: country.code,
      city,
      supplierType,
      verificationStatus,
      description: companyDescription({ name, city, country: country.code, supplierType, families, yearFounded, mainMarkets }),
      mainProducts: families.map((family) => family.name.en),
      mainMarkets,
      yearFounded,
      website: `https://www.${name.en
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.example`,
      certifications:
        verificationStatus === 'accept'
          ? faker.helpers
              .arrayElements(CERTIFICATIONS, { min: 1, max: 3 })
              .map((certificate) => ({ ...certificate, certificateNumber: faker.string.alphanumeric({ length: 10, casing: 'upper' }) }))
          : [],
      families,
      priceCurrency:
        faker.number.int({ min: 1, max: 10 }) === 1
          ? null
          : country.code === 'DE' || country.code === 'IT'
            ? 'EUR'
            : country.code === 'CN' && faker.number.int({ min: 1, max: 5 }) === 1
              ? 'CNY'
              : 'USD',
      weight: faker.number.int({ min: 1, max: 10 }),
    })
  }
  return plans
}

function uniqueName(taken: Set<string>, country: SupplierCountry, city: Phrase, brand: Phrase, trade: Phrase, index: number): Phrase {
  const candidates: Phrase[] = [
    country.chinese
      ? phrase(`${city.en} ${brand.en} ${trade.en}`, `${city.zhHans}${brand.zhHans}${trade.zhHans}`, `${city.zhHant}${brand.zhHant}${trade.zhHant}`)
      : phrase(`${brand.en} ${trade.en}`, `${brand.zhHans}${trade.zhHans}`, `${brand.zhHant}${trade.zhHant}`),
    phrase(`${brand.en} ${trade.en} ${city.en}`, `${brand.zhHans}${trade.zhHans}（${city.zhHans}）`, `${brand.zhHant}${trade.zhHant}（${city.zhHant}）`),
  ]
  for (const candidate of candidates) {
    if (!taken.has(candidate.en)) {
      taken.add(candidate.en)
      return candidate
    }
  }
  const last = candidates[1]!
  const numbered = phrase(`${last.en} ${index + 1}`, `${last.zhHans}${index + 1}`, `${last.zhHant}${index + 1}`)
  taken.add(numbered.en)
  return numbered
}

/** How many of `total` products each company gets, in proportion to its weight (largest remainders round up). */
export function shareProducts(plans: CompanyPlan[], total: number): number[] {
  const weights = plans.reduce((sum, plan) => sum + plan.weight, 0)
  const exact = plans.map((plan) => (total * plan.weight) / weights)
  const counts = exact.map(Math.floor)
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (let left = total - counts.reduce((sum, value) => sum + value, 0), at = 0; left > 0; left--, at++) counts[order[at % order.length]!.index]! += 1
  return counts
}

function priceBreaks(faker: Faker, family: ProductFamily, moq: number, currency: keyof typeof DEMO_RATES): ProductPlan['breaks'] {
  const cents = faker.number.int({ min: family.priceCents[0], max: family.priceCents[1] })
  const base = new Decimal(cents).div(100).times(DEMO_RATES[currency])
  const steps = faker.number.int({ min: 2, max: 4 })
  const multipliers = [1, 5, 10, 50]
  return multipliers.slice(0, steps).map((multiplier, step) => ({
    minQuantity: moq * multiplier,
    unitPrice: roundToCurrency(base.times(new Decimal(1).minus(new Decimal(step).times('0.06'))).toString(), currency),
  }))
}

/** The products of one company: names from its families' vocabulary, descriptions in three locales, price breaks. */
export function* planProducts(company: CompanyPlan, count: number, faker: Faker): Generator<ProductPlan> {
  const { city, names } = company
  for (let index = 0; index < count; index++) {
    const family = company.families[index % company.families.length]!
    const material = faker.helpers.arrayElement(family.materials)
    const variant = faker.helpers.arrayElement(family.variants)
    const colour = family.coloured ? faker.helpers.arrayElement(COLOURS) : null
    const name = productName(family, material, variant, colour)
    const moq = faker.helpers.arrayElement(family.moqs)
    const leadTimeDays = faker.helpers.arrayElement([7, 15, 20, 30, 45, 60])
    const point = faker.helpers.arrayElement(SELLING_POINTS)
    const unit = UNIT_WORDS[family.unit]
    const description = phrase(
      `${name.en} by ${names.en}, ${city.en}. ${point.en} MOQ ${moq} ${unit.en}, lead time ${leadTimeDays} days. OEM and custom packaging available.`,
      `${name.zhHans}，${names.zhHans}出品。${point.zhHans}起订量${moq}${unit.zhHans}，交货期${leadTimeDays}天。可OEM及定制包装。`,
      `${name.zhHant}，${names.zhHant}出品。${point.zhHant}起訂量${moq}${unit.zhHant}，交貨期${leadTimeDays}天。可OEM及客製包裝。`,
    )
    const status = faker.helpers.weightedArrayElement<ProductStatus>([
      { weight: 92, value: 'published' },
      { weight: 6, value: 'draft' },
      { weight: 2, value: 'archived' },
    ])
    yield {
      family,
      name,
      description,
      sku: `${family.code}-${String(index + 1).padStart(6, '0')}`,
      status,
      publishedAt: faker.date.past({ years: 2, refDate: new Date('2026-01-01T00:00:00Z') }),
      moq,
      leadTimeDays,
      attributes: [
        ...(material.en ? [attribute(ATTRIBUTE_NAMES.material, material)] : []),
        attribute(ATTRIBUTE_NAMES.specification, variant),
        ...(colour ? [attribute(ATTRIBUTE_NAMES.colour, colour)] : []),
      ],
      look: {
        familyCode: family.code,
        colour: colour?.en ?? null,
        material: material.en,
        variantIndex: family.variants.indexOf(variant),
        key: `${company.name}:${family.code}:${index}`,
      },
      breaks: company.priceCurrency ? priceBreaks(faker, family, moq, company.priceCurrency) : [],
    }
  }
}
