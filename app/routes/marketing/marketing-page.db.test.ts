// The public product page (/marketing, issue 25) as React Router calls it: real texts in three languages, a product tour of
// screenshots in the visitor's language, link-preview and search-engine data, and cacheable for visitors.
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { clientSessionContext } from '../../modules/identity/index'
import { LOCALES } from '../../platform/i18n/locales'
import { requestInfoContext } from '../../platform/request-info'
import { handle, loader, meta } from './index'

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
  return loader({ request: new Request(`http://localhost/${lang}/marketing`), params: { lang }, context: contextFor() } as unknown as LoaderArgs)
}

const tags = (page: Page, lang: string) => meta({ loaderData: page.data, params: { lang } } as unknown as MetaArgs)

describe('the product page (/marketing)', () => {
  it('renders on its own (layout none, §2) with its texts in each language and cacheable for visitors', async () => {
    expect(handle.layout).toBe('none')
    const titles = []
    for (const lang of LOCALES) {
      const page = await open(lang)
      expect(page.init?.headers).toMatchObject({ 'Cache-Control': 'public, max-age=60' })
      titles.push(page.data.title)
      const texts = JSON.stringify(page.data.i18n)
      expect(Object.keys(page.data.i18n.landing ?? {}).sort()).toEqual(['marketing', 'shell', 'tour'])
      expect(texts).not.toMatch(/"portal"|"sourcing":\{/)
    }
    expect(titles).toEqual([
      'The B2B trade platform for purchasing and sales teams — Tradeport',
      '面向采购与销售团队的 B2B 贸易平台 — Tradeport',
      '為採購與銷售團隊打造的 B2B 貿易平台 — Tradeport',
    ])
  })

  it('tours real screenshots in the visitor’s language, each with its size for the layout and both widths', async () => {
    const page = await open('zh-Hant')
    expect(page.data.hero).toMatchObject({ shot: 'dashboard', width: 1280, height: 800 })
    expect(page.data.tour.map((image) => image.shot)).toEqual(['project', 'comparison', 'order', 'shipment', 'document'])
    for (const image of [page.data.hero, ...page.data.tour]) {
      expect(image.src).toMatch(new RegExp(`${image.shot}\\.zh-Hant\\.720\\.webp$`))
      expect(image.srcSet).toMatch(/\.720\.webp 720w, .+\.1280\.webp 1280w$/)
    }
  })

  it('tells link previews and search engines what the page is, in every language', async () => {
    const page = await open('en')
    const meta = tags(page, 'en')
    const content = (property: string) => meta.find((tag) => 'property' in tag && tag.property === property)
    expect(content('og:title')).toMatchObject({ content: page.data.title })
    expect(content('og:image')).toMatchObject({ content: expect.stringMatching(/^https?:\/\/.+dashboard\.en\.1280\.webp$/) })
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${page.data.origin}/en/marketing` })
    expect(meta).toContainEqual({ tagName: 'link', rel: 'alternate', hrefLang: 'zh-Hant', href: `${page.data.origin}/zh-Hant/marketing` })
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })

    const [webPage, software, faq] = page.data.jsonLd
    expect(webPage).toMatchObject({ '@type': 'WebPage', url: `${page.data.origin}/en/marketing`, inLanguage: 'en', publisher: { '@type': 'Organization' } })
    expect(software).toMatchObject({ '@type': 'SoftwareApplication', name: 'Tradeport' })
    expect(software.featureList).toContain('Landed-cost comparison')
    expect(software.screenshot).toHaveLength(6)
    expect(faq['@type']).toBe('FAQPage')
    expect(faq.mainEntity).toHaveLength(6)
    expect(JSON.stringify(page.data.jsonLd)).not.toMatch(/\{\{|marketing\.faq/)
    expect(meta.filter((tag) => 'script:ld+json' in tag)).toHaveLength(3)
  })
})
