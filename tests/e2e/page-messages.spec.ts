import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, test } from '@playwright/test'
import { DEMO, openPage, signedInContext } from './support/helpers'

/**
 * The pages that send only part of a catalog (app/routes/page-messages.ts) show texts, not message keys, in English and
 * Chinese: a group their pick left out would show as `group.key`. The unit test reads the pages' code; this one looks
 * at what a person sees after hydration.
 */
function catalogGroups(): string[] {
  const groups = new Set<string>()
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name === 'en.json' && path.includes('messages')) for (const key of Object.keys(JSON.parse(readFileSync(path, 'utf8')))) groups.add(key)
    }
  }
  walk('app')
  return [...groups]
}

const RAW_KEY = new RegExp(`\\b(?:${catalogGroups().join('|')})\\.[a-zA-Z][\\w.]*`)

const PAGES: { account?: keyof typeof DEMO; paths: string[] }[] = [
  {
    account: 'buyer',
    paths: [
      '/app/dashboard',
      '/app/notifications',
      '/app/notifications?unread=1',
      '/app/user/preference',
      '/app/inbox',
      '/app/inbox?tab=unread',
      '/app/sourcing/chat',
      '/app/orders',
      '/app/orders/buyer',
      '/app/orders/new-order',
      '/app/purchase/projects',
      '/app/purchase/projects/create',
      '/app/purchase/projects/requirements',
      '/app/purchase/projects/requirements/create',
      '/app/sourcing/rfq',
      '/app/sourcing/find',
      '/app/sourcing/purchase',
      '/app/sourcing/research',
      '/app/sourcing/quotations',
      '/app/supplier/management',
      '/app/orders/publish',
      '/app/orders/service-order',
      '/app/orders/logistic-order',
      '/app/settings/address',
      '/app/settings/team',
      '/app/documents',
      '/app/documents?status=nonsense&from=bad',
      '/app/purchase/projects?status=nonsense',
    ],
  },
  {
    account: 'supplier',
    paths: [
      '/app/dashboard',
      '/app/products',
      '/app/products?status=nonsense',
      '/app/supplier/setting',
      '/app/supplier/onboarding',
      '/app/supplier/supplier-type',
    ],
  },
  // The dashboard sends only the sections it has figures for: the buyer's, the supplier's, the platform's.
  { account: 'admin', paths: ['/app/dashboard', '/app/verification', '/app/verification?status=nonsense'] },
  { paths: ['', '/login', '/orders', '/service', '/supplier/onboard', '/supplier/portal'] },
]

async function visit(browser: Browser, account: keyof typeof DEMO | undefined, locale: string, paths: string[]) {
  const { context, page } = account
    ? await signedInContext(browser, DEMO[account])
    : await (async () => {
        const context = await browser.newContext()
        return { context, page: await context.newPage() }
      })()
  for (const path of paths) {
    await openPage(page, `/${locale}${path}`)
    expect(await page.locator('body').innerText(), `${locale}${path}`).not.toMatch(RAW_KEY)
  }
  await context.close()
}

for (const locale of ['en', 'zh-Hans'] as const) {
  for (const { account, paths } of PAGES) {
    test(`pages that send part of a catalog show no message keys (${account ?? 'visitor'}, ${locale})`, async ({ browser }) => {
      test.setTimeout(120_000)
      await visit(browser, account, locale, paths)
    })
  }
}

// An order's own page sends the orders catalog without the order form, and of the chat catalog the thread's entry point:
// the buyer's view and the supplier's, of an order each of them has, read through the API.
for (const locale of ['en', 'zh-Hans'] as const) {
  test(`an order's page shows no message keys, for the buyer and the supplier (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000)
    for (const [account, pathOf] of [
      ['buyer', (id: string) => `/app/orders/${id}/view`],
      ['supplier', (id: string) => `/app/supplier/purchase/order/${id}`],
    ] as const) {
      const { context, page } = await signedInContext(browser, DEMO[account])
      const response = await context.request.get(`/api/v1/orders?limit=25`)
      expect(response.status()).toBe(200)
      const orders = ((await response.json()) as { items: { id: string; status: string }[] }).items
      // A draft and a placed order show different panels (no payments on a draft); open one of each where there is one.
      const picks = [orders.find((order) => order.status === 'draft'), orders.find((order) => order.status !== 'draft')].filter(Boolean)
      expect(picks.length, `${account} has orders`).toBeGreaterThan(0)
      for (const order of picks) {
        await openPage(page, `/${locale}${pathOf(order!.id)}`)
        expect(await page.locator('body').innerText(), `${locale} ${account} ${order!.status}`).not.toMatch(RAW_KEY)
      }
      await context.close()
    }
  })
}
