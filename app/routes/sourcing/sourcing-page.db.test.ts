// The sourcing page (/sourcing, issue 25): how sourcing works in three languages, with the marketplace's live figures —
// verified suppliers, categories and published products, read through the catalog's services.
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { clientSessionContext } from '../../modules/identity/index'
import { LOCALES } from '../../platform/i18n/locales'
import { requestInfoContext } from '../../platform/request-info'
import { loader, meta } from './index'

type LoaderArgs = Parameters<typeof loader>[0]
type MetaArgs = Parameters<typeof meta>[0]
type Page = Awaited<ReturnType<typeof loader>>

function contextFor() {
  const context = new RouterContextProvider()
  context.set(clientSessionContext, null)
  context.set(requestInfoContext, { requestId: 'test', nonce: '', clientIp: '203.0.113.9', faultInjection: null, rejectedInput: null })
  return context
}

async function open(lang: string): Promise<Page> {
  return loader({ request: new Request(`http://localhost/${lang}/sourcing`), params: { lang }, context: contextFor() } as unknown as LoaderArgs)
}

beforeAll(async () => {
  const kiln = await createCompany({ name: 'Kiln Verified', kind: 'supplier', verificationStatus: 'accept' })
  const lamps = await createCompany({ name: 'Lamp Verified', kind: 'both', verificationStatus: 'accept' })
  const pending = await createCompany({ name: 'Pending Works', kind: 'supplier', verificationStatus: 'pending' })
  // Neither a buyer nor a service provider is a supplier of goods, verified or not.
  await createCompany({ name: 'Verified Buyer', kind: 'buyer', verificationStatus: 'accept' })
  await createCompany({ name: 'Verified Forwarder', kind: 'service_provider', verificationStatus: 'accept' })
  for (let index = 0; index < 3; index++) await createProduct({ companyId: kiln.id, nameEn: `Mug ${index}`, categoryId: 'mugs-cups' })
  await createProduct({ companyId: lamps.id, nameEn: 'Filament bulb', categoryId: 'led-filament-bulbs' })
  await createProduct({ companyId: pending.id, nameEn: 'Pending mug', categoryId: 'mugs-cups' })
  await createProduct({ companyId: kiln.id, nameEn: 'Draft mug', categoryId: 'mugs-cups', status: 'draft' })
})

describe('the sourcing page (/sourcing)', () => {
  it('counts the verified suppliers of goods, the categories with published products and those products', async () => {
    const { figures } = (await open('en')).data
    expect(figures.verifiedSuppliers).toBe(2)
    expect(figures.publishedProducts).toBe(5)
    expect(figures.categories).toHaveLength(2)
    expect(figures.categories.map((category) => category.count).sort()).toEqual([1, 4])
  })

  it('counts a supplier as soon as it is verified', async () => {
    await createCompany({ name: 'Newly Verified', kind: 'supplier', verificationStatus: 'accept' })
    expect((await open('zh-Hans')).data.figures.verifiedSuppliers).toBe(3)
  })

  it('names the categories in the visitor’s language and is cacheable for visitors for a minute', async () => {
    const [en, zh] = [await open('en'), await open('zh-Hant')]
    expect(zh.data.figures.categories.map((category) => category.value)).toEqual(en.data.figures.categories.map((category) => category.value))
    expect(zh.data.figures.categories[0]?.label).not.toBe(en.data.figures.categories[0]?.label)
    expect(en.init?.headers).toMatchObject({ 'Cache-Control': 'public, max-age=60' })
  })

  it('explains the steps in three languages, with its own texts and the comparison’s cost parts only', async () => {
    const titles = []
    for (const lang of LOCALES) {
      const page = await open(lang)
      titles.push(page.data.title)
      expect(Object.keys(page.data.i18n.landing ?? {}).sort()).toEqual(['shell', 'sourcing'])
      expect(Object.keys(page.data.i18n.comparison ?? {}).sort()).toEqual(['components', 'validation'])
    }
    expect(titles).toEqual([
      'How sourcing works on Tradeport — from requirement to purchase order',
      'Tradeport 的采购流程 — 从采购需求到采购订单',
      'Tradeport 的採購流程 — 從採購需求到採購訂單',
    ])
  })

  it('describes itself to search engines as a how-to with its questions answered', async () => {
    const page = await open('zh-Hans')
    const tags = meta({ loaderData: page.data, params: { lang: 'zh-Hans' } } as unknown as MetaArgs)
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${page.data.origin}/zh-Hans/sourcing` })
    expect(tags).toContainEqual({ property: 'og:title', content: page.data.title })
    const [webPage, howTo, faq] = page.data.jsonLd
    expect(webPage).toMatchObject({ '@type': 'WebPage', inLanguage: 'zh-Hans' })
    expect(howTo['@type']).toBe('HowTo')
    expect(howTo.step.map((step) => step.name)).toEqual(['创建采购项目', '查找供应商', '发送询价单', '按到岸成本比较', '整体或拆分授标', '下单并跟进到底'])
    expect(howTo.step[2]).toMatchObject({ position: 3, url: `${page.data.origin}/zh-Hans/sourcing#step-3` })
    expect(faq.mainEntity).toHaveLength(4)
  })
})
