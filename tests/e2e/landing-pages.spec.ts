import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { openPage } from './support/helpers'

// The public landing pages (issue 25): the product page, how sourcing works with the marketplace's live figures, and the
// supplier page that leads to the application — in three languages, each with its search-engine data, fitting a 390 px
// phone, and axe-clean in the light and the dark colour mode. One phone-sized context walks them all.

const LOCALES = ['en', 'zh-Hans', 'zh-Hant'] as const
const PAGES = [
  {
    path: '/marketing',
    titles: {
      en: 'One shared record from the first RFQ to the final payment',
      'zh-Hans': '从第一份询价单到最后一笔付款，只有一份共享记录',
      'zh-Hant': '從第一份詢價單到最後一筆付款，只有一份共享紀錄',
    },
    jsonLd: ['WebPage', 'SoftwareApplication', 'FAQPage'],
  },
  {
    path: '/sourcing',
    titles: {
      en: 'From requirement to purchase order, step by step',
      'zh-Hans': '从采购需求到采购订单，一步一步',
      'zh-Hant': '從採購需求到採購訂單，一步一步',
    },
    jsonLd: ['WebPage', 'HowTo', 'FAQPage'],
  },
  {
    path: '/supplier/portal',
    titles: { en: 'Meet buyers who come with a purchase to make', 'zh-Hans': '结识带着采购计划而来的采购商', 'zh-Hant': '結識帶著採購計畫而來的採購商' },
    jsonLd: ['WebPage', 'HowTo', 'FAQPage'],
  },
] as const
/** A message key shown instead of its text, e.g. `portal.hero.title`. */
const RAW_KEY = /\b(?:shell|tour|marketing|sourcing|portal|components|types)\.[a-z]\w*/

test.use({ viewport: { width: 390, height: 844 } })

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

async function useDarkMode(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'color_mode', value: 'dark', domain: new URL(baseURL ?? 'http://localhost').hostname, path: '/' }])
}

test('the landing pages speak three languages, describe themselves to search engines, fit a phone and pass axe in both modes', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000)

  await test.step('each page in each language: its heading, real texts, link previews and structured data, no overflow', async () => {
    for (const locale of LOCALES) {
      for (const landing of PAGES) {
        const path = `/${locale}${landing.path}`
        await openPage(page, path)
        await expect(page.getByRole('heading', { level: 1, name: landing.titles[locale] })).toBeVisible()
        await expect(page.getByRole('main')).not.toContainText(RAW_KEY)
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Tradeport/)
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`))
        await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant"]')).toHaveAttribute('href', new RegExp(`/zh-Hant${landing.path}$`))
        const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
        expect(
          jsonLd.map((text) => JSON.parse(text)['@type']),
          path,
        ).toEqual(landing.jsonLd)
        expect(await overflow(page), path).toBeLessThanOrEqual(0)
      }
    }
  })

  await test.step('the product tour shows screenshots with their size, loaded lazily below the fold', async () => {
    await openPage(page, '/en/marketing')
    const tour = page.getByRole('region', { name: 'Product tour' })
    await expect(tour.getByRole('img')).toHaveCount(5)
    const shot = tour.getByRole('img', { name: 'Screenshot of Tradeport: Quotation comparison' })
    await expect(shot).toHaveAttribute('loading', 'lazy')
    await expect(shot).toHaveAttribute('width', '1280')
    await expect(shot).toHaveAttribute('height', '800')
    await shot.scrollIntoViewIfNeeded()
    await expect.poll(() => shot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sell on Tradeport' })).toHaveAttribute('href', '/en/supplier/portal')
  })

  await test.step('the sourcing page counts the verified suppliers the directory lists', async () => {
    const directory = (await (await request.get('/api/v1/marketplace/companies?verified=true&limit=1')).json()) as { total: number }
    await openPage(page, '/en/sourcing')
    const figures = page.getByRole('region', { name: 'The marketplace today' })
    await expect(figures.getByRole('listitem').first()).toHaveText(new RegExp(`^${directory.total.toLocaleString('en')}\\s*verified suppliers?$`))
    await expect(page.getByRole('region', { name: 'What landed cost includes' })).toContainText('Import duty and taxes')
    const category = page.getByRole('region', { name: 'Categories with published products' }).getByRole('link').first()
    const categoryName = (await category.locator('span').first().innerText()).trim()
    await category.click()
    await expect(page).toHaveURL(/\/en\/b2b\/market\?category=/)
    await expect(page.getByRole('main')).toContainText(categoryName)
  })

  await test.step('the supplier page leads to the supplier application', async () => {
    await openPage(page, '/zh-Hans/supplier/portal')
    await expect(page.getByRole('region', { name: '谁可以申请' })).toContainText('报关行')
    await page.getByRole('link', { name: '申请成为供应商' }).first().click()
    await expect(page).toHaveURL(/\/zh-Hans\/supplier\/onboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  await test.step('axe finds nothing serious, in the light and then in the dark colour mode', async () => {
    for (const landing of PAGES) {
      await openPage(page, `/en${landing.path}`)
      await expectNoSeriousViolations(page)
    }
    await useDarkMode(context, baseURL)
    for (const landing of PAGES) {
      await openPage(page, `/zh-Hant${landing.path}`)
      await expect(page.locator('html')).toHaveClass(/dark/)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await expectNoSeriousViolations(page, { theme: 'dark' })
    }
  })
})
