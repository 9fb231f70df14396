import { randomUUID } from 'node:crypto'
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import { DEMO, E2E_BASE_URL } from './env'

export { DEMO }

/** Google's crawler user agent; `isbot` recognises it. */
export const BOT_USER_AGENT = 'Googlebot/2.1 (+http://www.google.com/bot.html)'

/** A password that satisfies the policy (≥10 chars, not common, unrelated to the name/email). */
export const NEW_USER_PASSWORD = 'Juniper-Falcon-Orbit-58'

/** A unique, valid email address for this run (e.g. e2e-1763700000000-1a2b3c4d@example.test). */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${randomUUID().slice(0, 8)}@example.test`
}

export const DASHBOARD_URL = /\/en\/app\/dashboard$/
export const LOGIN_URL = /\/en\/login(\?.*)?$/

/**
 * Asserts the page has arrived on the dashboard. The heading is checked first so that a failure
 * shows what the page rendered instead (e.g. "Internal Server Error").
 */
export async function expectDashboard(page: Page, name?: string): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1 }).first(),
    'the dashboard heading — an "Internal Server Error" here after a client-side submit usually means route discovery failed (see client-navigation.spec.ts)',
  ).toHaveText(name ? `Good to see you, ${name}` : /^Good to see you, /)
  await expect(page).toHaveURL(DASHBOARD_URL)
}

/** Fills the "Password" tab of the auth card and submits it (the page must be on /en/login). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email or phone number').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Opens /en/login and signs in with a password; waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await openPage(page, '/en/login')
  await submitSignIn(page, account.email, account.password)
  await expectDashboard(page)
}

/**
 * Signs the page's browser context in through the sign-in endpoint the form posts to, without rendering the sign-in
 * page or the dashboard: for journeys about something else, which then open their own page. Each call makes its own
 * session, so a journey that signs out or revokes sessions never ends another's. The form itself is walked by
 * `signIn` (sign-in, session and new-user journeys).
 */
export async function startSession(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await page.context().request.post('/api/auth/sign-in/email', {
    headers: { origin: E2E_BASE_URL },
    data: { email: account.email, password: account.password },
  })
  expect(response.status(), `signing in ${account.email}: ${await response.text()}`).toBe(200)
}

/** A fresh browser context signed in as the given account (e.g. the admin reading the dev mailbox); it opens no page. */
export async function signedInContext(browser: Browser, account: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await startSession(page, account)
  return { context, page }
}

/** Signs out through the account menu of the top bar. */
export async function signOut(page: Page) {
  const menu = page.getByRole('banner').getByTestId('user-menu')
  await menu.locator('summary').click()
  await menu.getByRole('button', { name: 'Sign out' }).click()
}

/** The "verify your email…" banner shown to unverified users in /en/app/*. */
export function unverifiedBanner(page: Page) {
  return page.getByRole('status').filter({ hasText: 'Verify your email address or phone number' })
}

export type Account = { name: string; email: string; password: string }

export const ONBOARDING_URL = /\/en\/onboarding$/

/** On /en/onboarding: creates a buying company, lands on its getting-started guide, then opens the dashboard. */
export async function completeOnboarding(page: Page, companyName: string, name?: string): Promise<void> {
  await expect(page).toHaveURL(ONBOARDING_URL)
  await expectHydrated(page)
  await page.getByRole('radio', { name: 'We buy', exact: true }).check()
  await page.getByLabel('Legal name').fill(`${companyName} Ltd.`)
  await page.getByLabel('Display name').fill(companyName)
  await page.getByLabel('Country or region').selectOption('SG')
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page).toHaveURL(GUIDE_AFTER_CREATE_URL)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Getting started with ${companyName}`)
  await openPage(page, '/en/app/dashboard')
  await expectDashboard(page, name)
}

export const GUIDE_AFTER_CREATE_URL = /\/en\/app\/guide\?created=1$/

/**
 * Creates a fresh account through /en/login?mode=sign-up, sets up its company on /en/onboarding and
 * waits for the dashboard (signed in, unverified). Use it when a test changes per-user state such as
 * preferences or the language.
 */
export async function signUp(page: Page, name = 'Ada Lindqvist', companyName = 'Lindqvist Sourcing'): Promise<Account> {
  const account = { name, email: uniqueEmail('shell'), password: NEW_USER_PASSWORD }
  await openPage(page, '/en/login?mode=sign-up')
  await page.getByLabel('Your name').fill(account.name)
  await page.getByLabel('Email or phone number').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await completeOnboarding(page, companyName, name)
  return account
}

/** Waits until React has hydrated the page (the auth-events provider marks <html data-auth-event>). */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-auth-event', /.+/)
}

/**
 * Opens a path and waits until React has hydrated it. Every journey navigates through this: typing into a
 * server-rendered form before hydration can be lost when React takes the page over.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expectHydrated(page)
}

/** Opens a path in a context with JavaScript turned off, where nothing hydrates. */
export async function openPageWithoutScripts(page: Page, path: string): Promise<void> {
  await page.goto(path)
}

/** The header menus are native <details> disclosures with these test ids. */
export type DisclosureMenuId = 'language-switcher' | 'color-mode-switcher' | 'user-menu'

/** Opens one of the header disclosure menus (language, colour mode, account) and returns it. */
export async function openDisclosureMenu(page: Page, id: DisclosureMenuId) {
  const menu = page.getByTestId(id)
  await menu.locator('summary').click()
  await expect(menu).toHaveAttribute('open', '')
  return menu
}

/** Chooses a language by its native name ("English", "简体中文", "繁體中文") in the language menu. */
export async function chooseLanguage(page: Page, nativeName: string): Promise<void> {
  const menu = await openDisclosureMenu(page, 'language-switcher')
  await menu.getByRole('button', { name: nativeName, exact: true }).click()
}

/** Chooses a colour mode by its (current-language) name, e.g. "Dark", in the colour-mode menu. */
export async function chooseColorMode(page: Page, name: string): Promise<void> {
  const menu = await openDisclosureMenu(page, 'color-mode-switcher')
  // The choice is saved by a post whose HttpOnly cookie the next page load reads: wait for it, as a full page load
  // would cancel it. Without scripts the post is the page's own navigation.
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && /\/color-mode\b/.test(response.url()))
  await menu.getByRole('button', { name, exact: true }).click()
  await saved
}

/**
 * Reads, as the demo platform admin in a separate browser, the link of the newest mail sent to
 * `recipient` whose subject matches and whose link contains `linkPart`.
 */
export async function linkFromMailbox(browser: Browser, recipient: string, subject: string | RegExp, linkPart: string): Promise<string> {
  const admin = await signedInContext(browser, DEMO.admin)
  try {
    const mailbox = admin.page
    await openPage(mailbox, '/en/app/playground/mail')
    const row = mailbox.getByRole('row').filter({ hasText: recipient }).filter({ hasText: subject }).first()
    await expect(async () => {
      await mailbox.reload()
      await expect(row).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 15_000 })
    await row.getByRole('link', { name: subject }).click()
    await expect(mailbox.getByRole('heading', { name: 'Links in this message' })).toBeVisible()
    const link = mailbox.getByTestId('mail-link').filter({ hasText: linkPart }).first()
    return (await link.getAttribute('href')) ?? ''
  } finally {
    await admin.context.close()
  }
}
