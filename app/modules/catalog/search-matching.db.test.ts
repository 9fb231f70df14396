import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { searchProducts } from './search.service.server'

const product: Record<string, string> = {}
const idsOf = async (q: string, locale: 'en' | 'zh-Hans' | 'zh-Hant' = 'zh-Hans') => (await searchProducts({ q, locale })).items.map((item) => item.id)
const sorted = (keys: string[]) => keys.map((key) => product[key]!).sort()

beforeAll(async () => {
  const company = await createCompany({ name: 'Dehua Kiln Works', kind: 'supplier', verificationStatus: 'accept' })
  const make = async (key: string, input: Omit<Parameters<typeof createProduct>[0], 'companyId'>) => {
    product[key] = (await createProduct({ companyId: company.id, ...input })).id
  }
  await make('cup', { nameEn: 'Ceramic Cup', nameZhHans: '陶瓷杯', nameZhHant: '陶瓷杯', hsCode: '691200', publishedAt: new Date('2024-01-01') })
  await make('coffeeCup', {
    nameEn: 'Ceramic Coffee Cup',
    nameZhHans: '陶瓷咖啡杯',
    nameZhHant: '陶瓷咖啡杯',
    hsCode: '691200',
    publishedAt: new Date('2024-02-01'),
  })
  await make('hantMug', { nameEn: 'Ceramic Mug', nameZhHant: '陶瓷馬克杯', hsCode: '691200', publishedAt: new Date('2024-03-01') })
  await make('bowl', { nameEn: 'Ceramic Bowl', nameZhHans: '陶瓷碗', nameZhHant: '陶瓷碗', categoryId: 'porcelain-plates', hsCode: '691200' })
  await make('glassCup', { nameEn: 'Glass Cup', nameZhHans: '玻璃杯', nameZhHant: '玻璃杯', categoryId: 'glassware', hsCode: '701337' })
  await make('steelCup', { nameEn: 'Vacuum Flask', nameZhHans: '不锈钢保温杯', nameZhHant: '不鏽鋼保溫杯', categoryId: 'kitchenware', hsCode: '732393' })
  await make('teapot', { nameEn: 'Porcelain Teapot', nameZhHans: '瓷茶壶', nameZhHant: '瓷茶壺', categoryId: 'porcelain-plates', hsCode: '691110' })
  await make('enamelMug', { nameEn: 'Enamel Mug model 6912', sku: 'EM-6912', categoryId: 'kitchenware', hsCode: '732394' })
})

describe('Chinese compound queries', () => {
  it('finds 陶瓷杯 in every ceramic cup (陶瓷 and 杯 anywhere in the name), the exact name first, and nothing unrelated', async () => {
    const found = await idsOf('陶瓷杯')
    expect([...found].sort()).toEqual(sorted(['cup', 'coffeeCup', 'hantMug']))
    expect(found[0]).toBe(product.cup)
    expect(await idsOf('陶瓷咖啡杯')).toEqual([product.coffeeCup])
  })

  it('matches Traditional Chinese compounds and names the results in Traditional', async () => {
    const hant = await searchProducts({ q: '陶瓷杯', locale: 'zh-Hant' })
    expect(hant.items.map((item) => item.name).sort()).toEqual(['陶瓷咖啡杯', '陶瓷杯', '陶瓷馬克杯'])
    expect(hant.total).toBe(3)
    expect(await idsOf('不鏽鋼杯', 'zh-Hant')).toEqual([product.steelCup])
    expect(await idsOf('保溫杯', 'zh-Hant')).toEqual([product.steelCup])
    expect(await idsOf('不锈钢保温杯')).toEqual([product.steelCup])
  })

  it('matches a mixed Chinese and English query with every word required', async () => {
    expect([...(await idsOf('ceramic 杯'))].sort()).toEqual(sorted(['cup', 'coffeeCup', 'hantMug']))
    expect(await idsOf('glass 杯')).toEqual([product.glassCup])
    expect(await idsOf('玻璃 mug')).toEqual([])
  })
})

describe('HS code queries', () => {
  it('finds products whose HS code starts with a 4- or 6-digit code, with or without a dot', async () => {
    const heading = await idsOf('6912', 'en')
    // The heading matches by HS code; the enamel mug has 6912 in its name and SKU only, so it follows.
    expect([...heading].sort()).toEqual(sorted(['cup', 'coffeeCup', 'hantMug', 'bowl', 'enamelMug']))
    expect(heading.at(-1)).toBe(product.enamelMug)
    for (const q of ['691200', '6912.00', 'HS 6912.00', '6912.00.10', '69120000']) {
      expect([...(await idsOf(q, 'en'))].sort(), q).toEqual(sorted(['cup', 'coffeeCup', 'hantMug', 'bowl']))
    }
    expect(await idsOf('6911', 'en')).toEqual([product.teapot])
    expect(await idsOf('7323.93', 'en')).toEqual([product.steelCup])
  })

  it('combines an HS code with words, and does not match a code in the middle', async () => {
    expect(await idsOf('6912 bowl', 'en')).toEqual([product.bowl])
    expect(await idsOf('691200 碗')).toEqual([product.bowl])
    expect([...(await idsOf('6912 mug', 'en'))].sort()).toEqual(sorted(['hantMug', 'enamelMug']))
    expect(await idsOf('9120', 'en')).toEqual([])
    expect(await idsOf('1200', 'en')).toEqual([])
  })
})

describe('English plurals', () => {
  beforeAll(async () => {
    const company = await createCompany({ name: 'Jingdezhen Basin Works', kind: 'supplier', verificationStatus: 'accept' })
    product.basin = (
      await createProduct({ companyId: company.id, nameEn: 'Ceramic Wash Basin', descriptionEn: 'Fired in the kiln beside our mugs.', hsCode: '691090' })
    ).id
    product.mugSet = (await createProduct({ companyId: company.id, nameEn: 'Stoneware Mugs, set of 6', hsCode: '691390' })).id
  })

  it('finds a singular name for a plural query and a plural name for a singular one', async () => {
    expect(await idsOf('ceramic mugs', 'en')).toContain(product.hantMug)
    expect(await idsOf('stoneware mug', 'en')).toEqual([product.mugSet])
    expect(await idsOf('wash basins', 'en')).toEqual([product.basin])
  })

  it('ranks a name holding a plural word in its singular above a name holding only the other words', async () => {
    const found = await idsOf('ceramic mugs', 'en')
    const [mug, basin] = [found.indexOf(product.hantMug!), found.indexOf(product.basin!)]
    expect(mug).toBeGreaterThanOrEqual(0)
    expect(mug).toBeLessThan(basin)
  })
})
