// `npm run screens -- [--url http://127.0.0.1:3000] [--out .cache/screens] [--only buyer,supplier] [path …]`: walks pages
// of a running server (npm start) as a person would look at them — as each demo account, at 1440 and 390 px, light and
// dark, in English and Chinese — saves a full-page screenshot of each, and reports what a reviewer must not find:
// horizontal overflow, raw message keys ("sourcing.award.title"), error pages, and pages that did not finish loading.
// Paths are given without the locale prefix ("/app/products"); `@role` before a group of paths signs in as that role.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium, type Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    out: { type: 'string', default: '.cache/screens' },
    locales: { type: 'string', default: 'en,zh-Hans' },
  },
})

type Role = 'public' | (typeof DEMO_ACCOUNTS)[number]['key']
const DEFAULT_WALK = [
  '@public',
  '/',
  '/login',
  '/b2b/market',
  '/b2b/market?q=mug',
  '@supplier',
  '/app',
  '/app/products',
  '/app/products/import',
  '/app/price',
  '@buyer',
  '/app',
  '/app/sourcing',
  '/app/orders',
  '/app/settings',
]
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const
const SCHEMES = ['light', 'dark'] as const
/** A message key left untranslated: dotted lower camel-case words, as the catalogs name them. */
const RAW_KEY = /\b[a-z][a-zA-Z]+(?:\.[a-z][a-zA-Z0-9]+){1,4}\b/g
const NOT_KEYS = /^(?:tradeport\.demo|[a-z]+\.(?:com|org|net|io|cn|hk|demo|csv|xlsx|pdf|png|jpg))$/

function walkOf(args: string[]): Array<{ role: Role; path: string }> {
  let role: Role = 'public'
  return (args.length > 0 ? args : DEFAULT_WALK).flatMap((arg) => {
    if (arg.startsWith('@')) {
      role = arg.slice(1) as Role
      return []
    }
    return [{ role, path: arg }]
  })
}

async function signIn(page: Page, role: Role): Promise<void> {
  const account = DEMO_ACCOUNTS.find((entry) => entry.key === role)
  if (!account) throw new Error(`no demo account "${role}"`)
  await page.goto(`${values.url}/en/login`, { waitUntil: 'networkidle' })
  await page.getByLabel('Email or phone number').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/app/, { timeout: 15_000 })
}

type Finding = { shot: string; problem: string }

async function look(page: Page, shot: string, findings: Finding[]): Promise<void> {
  const facts = await page.evaluate(() => {
    // Identifiers shown as code (a job queue's name, a cron line) are meant to be read as they are.
    let text = document.body.innerText
    for (const element of document.querySelectorAll<HTMLElement>('code, kbd, samp')) if (element.innerText) text = text.split(element.innerText).join(' ')
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, text, title: document.title }
  })
  if (facts.overflow > 1) findings.push({ shot, problem: `horizontal overflow of ${facts.overflow} px` })
  const keys = [...new Set(facts.text.match(RAW_KEY) ?? [])].filter((key) => !NOT_KEYS.test(key))
  if (keys.length > 0) findings.push({ shot, problem: `raw message keys? ${keys.slice(0, 5).join(', ')}` })
}

async function walk(browser: Browser): Promise<Finding[]> {
  const findings: Finding[] = []
  const steps = walkOf(positionals)
  const roles = [...new Set(steps.map((step) => step.role))]
  for (const role of roles) {
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        const context = await browser.newContext({ viewport, colorScheme, userAgent: USER_AGENT, locale: 'en-US' })
        const page = await context.newPage()
        if (role !== 'public') await signIn(page, role)
        for (const locale of values.locales.split(',')) {
          for (const step of steps.filter((entry) => entry.role === role)) {
            const target = `${values.url}/${locale}${step.path === '/' ? '' : step.path}`
            const shot = `${role}${step.path.replace(/[/?=&]+/g, '_')}.${locale}.${viewport.name}.${colorScheme}.png`
            const response = await page.goto(target, { waitUntil: 'networkidle' }).catch((error: Error) => {
              findings.push({ shot, problem: `did not load: ${error.message.split('\n')[0]}` })
              return null
            })
            if (!response) continue
            if (response.status() >= 400) findings.push({ shot, problem: `HTTP ${response.status()}` })
            await look(page, shot, findings)
            await page.screenshot({ path: path.join(values.out, shot), fullPage: true })
          }
        }
        await context.close()
      }
    }
  }
  return findings
}

await mkdir(values.out, { recursive: true })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
try {
  const findings = await walk(browser)
  for (const finding of findings) console.log(`${finding.shot}: ${finding.problem}`)
  console.log(`screens: ${findings.length} finding(s); screenshots in ${values.out}`)
  process.exitCode = findings.length > 0 ? 1 : 0
} finally {
  await browser.close()
}
