// `npx tsx scripts/tour-screens.ts [--url http://127.0.0.1:3000] [shot …]`: the product tour's screenshots on the public landing
// pages (/marketing, /supplier/portal), taken from a running server with the demo data (npm start) as the demo buyer and
// supplier, in each language, and written as small WebP files (1280 and 720 px wide) into app/workflows/landing/tour/.
// Run it again after a screen it shows changes; the pages import whatever files are there (tour.server.ts).
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium, type Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts'
import { LOCALES } from '../app/platform/i18n/locales'
import { TOUR_SHOTS, TOUR_WIDTHS, type TourShot } from '../app/workflows/landing/tour-shots'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { url: { type: 'string', default: 'http://127.0.0.1:3000' } } })
/** The shots to take: those named, or all. */
const wanted = new Set<string>(positionals.length > 0 ? positionals : TOUR_SHOTS)
const OUT = path.resolve('app/workflows/landing/tour')
const VIEWPORT = { width: 1280, height: 800 }
const WEBP_QUALITY = 72

type Role = 'buyer' | 'supplier' | 'public'

/** Where each shot is taken: a fixed page, or the first page a list links to (the demo's ids differ per seed). */
const PLACES: Record<TourShot, { role: Role; path: string; firstLink?: RegExp | 'rfq'; ready?: (page: Page) => Promise<void> }> = {
  dashboard: { role: 'buyer', path: '/app/dashboard' },
  project: { role: 'buyer', path: '/app/purchase/projects', firstLink: /\/app\/purchase\/projects\/view\// },
  comparison: { role: 'buyer', path: '/app/sourcing/quotations', firstLink: 'rfq' },
  order: { role: 'buyer', path: '/app/orders/buyer', firstLink: /\/app\/orders\/[\w-]+\/view$/ },
  shipment: { role: 'buyer', path: '/app/shipments/tracking', firstLink: /\/app\/shipments\/tracking\?id=/ },
  document: {
    role: 'buyer',
    path: '/app/documents',
    firstLink: /\/app\/documents\/edit\//,
    // The PDF preview draws in its frame after the page is idle.
    ready: (page) => page.waitForTimeout(2500),
  },
  profile: { role: 'public', path: '/b2b/company?q=Bamboo', firstLink: /\/b2b\/company\/[\w-]+$/ },
  inbox: { role: 'supplier', path: '/app/supplier/portal' },
  quote: { role: 'supplier', path: '/app/supplier/portal', firstLink: /\/app\/supplier\/portal\/rfq\// },
  fulfilment: { role: 'supplier', path: '/app/orders/fulfillment' },
}

async function signIn(page: Page, role: Role): Promise<void> {
  if (role === 'public') return
  const account = DEMO_ACCOUNTS.find((entry) => entry.key === role)!
  await page.goto(`${values.url}/en/login`, { waitUntil: 'networkidle' })
  await page.getByLabel('Email or phone number').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/app/, { timeout: 20_000 })
}

/** The first link of the page that matches; the comparison page lists RFQs in a select instead: its first RFQ. */
async function firstLinkOn(page: Page, link: RegExp | 'rfq'): Promise<string> {
  const href =
    link === 'rfq'
      ? await page.evaluate(() => {
          const option = [...document.querySelectorAll<HTMLOptionElement>('select[name="rfq"] option')].find((entry) => entry.value)
          return option ? `${location.pathname}?rfq=${option.value}` : null
        })
      : (await page.locator('main a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))).find((target) =>
          link.test(target),
        )
  if (!href) throw new Error(`no link matching ${String(link)} on ${page.url()}`)
  return href
}

async function capture(browser: Browser, role: Role): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', locale: 'en-US' })
  await context.addCookies([{ name: 'sidebar_state', value: 'collapsed', url: values.url }])
  const page = await context.newPage()
  await signIn(page, role)
  for (const shot of TOUR_SHOTS.filter((name) => PLACES[name].role === role && wanted.has(name))) {
    const place = PLACES[shot]
    for (const locale of LOCALES) {
      await page.goto(`${values.url}/${locale}${place.path}`, { waitUntil: 'networkidle' })
      if (place.firstLink) await page.goto(`${values.url}${await firstLinkOn(page, place.firstLink)}`, { waitUntil: 'networkidle' })
      await place.ready?.(page)
      const png = await page.screenshot()
      for (const width of TOUR_WIDTHS) {
        const file = path.join(OUT, `${shot}.${locale}.${width}.webp`)
        await sharp(png).resize({ width }).webp({ quality: WEBP_QUALITY, effort: 6 }).toFile(file)
        console.log(path.relative(process.cwd(), file))
      }
    }
  }
  await context.close()
}

await mkdir(OUT, { recursive: true })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
try {
  for (const role of ['public', 'buyer', 'supplier'] as const) await capture(browser, role)
} finally {
  await browser.close()
}
