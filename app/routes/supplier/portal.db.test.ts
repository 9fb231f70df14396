// The public supplier page (/supplier/portal, issue 25; the signed-in RFQ inbox is /app/supplier/portal): why and how to
// sell on Tradeport in three languages, leading to the application at /supplier/onboard.
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { clientSessionContext } from '../../modules/identity/index'
import { LOCALES } from '../../platform/i18n/locales'
import { requestInfoContext } from '../../platform/request-info'
import { handle, loader, meta } from './portal'

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
  return loader({ request: new Request(`http://localhost/${lang}/supplier/portal`), params: { lang }, context: contextFor() } as unknown as LoaderArgs)
}

describe('the supplier landing page (/supplier/portal)', () => {
  it('renders on its own (§2: layout none, not the supplier layout its path would get) in three languages', async () => {
    expect(handle.layout).toBe('none')
    const titles = []
    for (const lang of LOCALES) {
      const page = await open(lang)
      titles.push(page.data.title)
      expect(Object.keys(page.data.i18n.landing ?? {}).sort()).toEqual(['portal', 'shell', 'tour'])
      expect(Object.keys(page.data.i18n.suppliers ?? {}).sort()).toEqual(['types'])
      expect(page.init?.headers).toMatchObject({ 'Cache-Control': 'public, max-age=60' })
    }
    expect(titles).toEqual([
      'Sell on Tradeport — the supplier portal for B2B exporters',
      '在 Tradeport 上销售 — 面向 B2B 出口商的供应商门户',
      '在 Tradeport 上銷售 — 為 B2B 出口商打造的供應商入口',
    ])
  })

  it('shows the supplier’s screens in the visitor’s language', async () => {
    const page = await open('zh-Hans')
    expect(page.data.hero.src).toMatch(/profile\.zh-Hans\.720\.webp$/)
    expect(page.data.tour.map((image) => image.shot)).toEqual(['inbox', 'quote', 'fulfilment'])
  })

  it('gives link previews an image and search engines the steps and answers', async () => {
    const page = await open('zh-Hant')
    const tags = meta({ loaderData: page.data, params: { lang: 'zh-Hant' } } as unknown as MetaArgs)
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${page.data.origin}/zh-Hant/supplier/portal` })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${page.data.origin}/en/supplier/portal` })
    expect(tags).toContainEqual({ property: 'og:locale', content: 'zh_TW' })
    expect(tags.find((tag) => 'property' in tag && tag.property === 'og:image')).toMatchObject({
      content: expect.stringMatching(/profile\.zh-Hant\.1280\.webp$/),
    })
    const [webPage, howTo, faq] = page.data.jsonLd
    expect(webPage['@type']).toBe('WebPage')
    expect(howTo.step).toHaveLength(6)
    expect(howTo.step[0]?.name).toBe('申請並完成認證')
    expect(faq.mainEntity.map((entry) => entry.name)).toContain('認證需要多久？')
  })
})
