import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { axeFor } from './support/axe'
import { DEMO, expectHydrated, startSession } from './support/helpers'

// Every page that exists, checked by axe-core in the light and in the dark colour mode (there only the rules that
// depend on colour: the markup is the same). One test per theme and audience reuses one (signed-in) browser context;
// all pages are checked before it fails.
const BLOCKING_IMPACTS = new Set(['serious', 'critical'])
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

type PageToCheck = { path: string; status: number; heading?: RegExp }

const PUBLIC_PAGES: PageToCheck[] = [
  { path: '/en', status: 200 },
  { path: '/en/login', status: 200 },
  { path: '/en/login?mode=sign-up', status: 200 },
  { path: '/en/login?mode=code', status: 200 },
  { path: '/en/login?mode=recovery', status: 200 },
  { path: '/en/confirm', status: 200 },
  { path: '/en/auth/update-password', status: 200 },
  { path: '/en/no-such-page', status: 404, heading: /Page Not Found/ },
  { path: '/zh-Hans/', status: 200 },
  { path: '/zh-Hant/', status: 200 },
]

const SIGNED_IN_PAGES: PageToCheck[] = [
  { path: '/en/app/dashboard', status: 200, heading: /^Good to see you, / },
  { path: '/en/app/user/preference', status: 200, heading: /^Preferences$/ },
  { path: '/en/app/user/change-password', status: 200 },
  { path: '/en/app/user/reset-password', status: 200 },
  { path: '/en/app/user/two-factor', status: 200, heading: /^Two-factor authentication$/ },
  { path: '/en/app/user/verify', status: 200 },
  { path: '/en/app/playground/mail', status: 200, heading: /^Dev mailbox$/ },
]

async function useTheme(context: BrowserContext, baseURL: string | undefined, theme: Theme) {
  const { hostname } = new URL(baseURL ?? 'http://localhost')
  await context.addCookies([{ name: 'color_mode', value: theme, domain: hostname, path: '/' }])
}

/** Opens the page, checks it rendered in the theme, runs axe and returns a report of blocking violations ('' if none). */
async function auditPage(page: Page, { path, status, heading }: PageToCheck, theme: Theme): Promise<string> {
  const response = await page.goto(path)
  expect(response?.status(), `status of ${path}`).toBe(status)
  await expect(page.locator('html')).toHaveClass(theme)
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading ?? /\S/)
  await expectHydrated(page)
  await page.waitForLoadState('networkidle')
  const results = await axeFor(page, theme).analyze()
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
  return blocking
    .map(
      (violation) =>
        `  [${violation.impact}] ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `      ${node.target.join(' ')} — ${node.failureSummary?.replace(/\n\s*/g, ' ')}`).join('\n')}`,
    )
    .join('\n')
}

async function auditPages(page: Page, pages: PageToCheck[], theme: Theme) {
  const failures: string[] = []
  for (const target of pages) {
    await test.step(`${target.path} (${theme})`, async () => {
      const report = await auditPage(page, target, theme)
      if (report) failures.push(`${target.path} in ${theme} mode:\n${report}`)
    })
  }
  expect(failures.length, `axe found serious/critical violations on ${failures.length} page(s):\n${failures.join('\n\n')}\n`).toBe(0)
}

for (const theme of THEMES) {
  test.describe(`in ${theme} mode`, () => {
    // The OS preference is the opposite, so a page that ignores the cookie would show up.
    test.use({ colorScheme: theme === 'dark' ? 'light' : 'dark' })

    test(`public pages have no serious accessibility violations in ${theme} mode`, async ({ context, page, baseURL }) => {
      test.setTimeout(90_000)
      await useTheme(context, baseURL, theme)
      await auditPages(page, PUBLIC_PAGES, theme)
    })

    test(`signed-in pages have no serious accessibility violations in ${theme} mode`, async ({ context, page, baseURL }) => {
      test.setTimeout(90_000)
      await useTheme(context, baseURL, theme)
      await startSession(page, DEMO.admin) // the admin also sees the Dev mailbox
      await auditPages(page, SIGNED_IN_PAGES, theme)
    })
  })
}
