import { expect, type Page, test } from '@playwright/test'
import { DEMO, expectHydrated, openPage, startSession } from './support/helpers'

const HOME_HEADING = 'Source, compare and buy across borders — in one place'

async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY)
}

/** Scrolls to the bottom of the page (again, if a late layout change moved it back) until it stays there. */
async function scrollToBottom(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
    expect(await scrollY(page), 'the page scrolled down').toBeGreaterThan(200)
  }).toPass({ timeout: 5_000 })
}

test.describe('scrolling (§2)', () => {
  test('following a link at the bottom of the home page opens the next page at the top', async ({ page }) => {
    await openPage(page, '/en')
    await scrollToBottom(page)
    const ctaBand = page.getByRole('region', { name: 'Ready to source smarter?' })
    await expect(ctaBand).toBeInViewport()
    await ctaBand.getByRole('link', { name: 'Create a free account' }).click()

    await expect(page).toHaveURL(/\/en\/login\?mode=sign-up$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your Tradeport account')
    await expect.poll(() => scrollY(page), { message: 'the new page starts at the top' }).toBe(0)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 })

    test('moving to another app page from the drawer starts at its top', async ({ page }) => {
      await startSession(page, DEMO.supplier)
      await openPage(page, '/en/app/user/preference')
      await scrollToBottom(page)
      await page.getByRole('button', { name: 'Open navigation' }).click()
      // The account group holds the current page, so it is open even though it starts collapsed.
      await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: 'Two-factor authentication' }).click()

      await expect(page).toHaveURL(/\/en\/app\/user\/two-factor$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-factor authentication')
      await expect.poll(() => scrollY(page), { message: 'the new page starts at the top' }).toBe(0)
    })
  })

  for (const { id, name } of [
    { id: 'trust-title', name: 'Built for trade you can trust' },
    { id: 'cta-title', name: 'Ready to source smarter?' },
  ]) {
    test(`opening /en#${id} scrolls that section heading into view`, async ({ page }) => {
      await openPage(page, `/en#${id}`)
      const heading = page.getByRole('heading', { level: 2, name })
      await expect(heading).toHaveAttribute('id', id)
      await expect(heading).toBeInViewport()
      await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING }), 'the hero is scrolled away').not.toBeInViewport()
      // Hydration must not undo the jump.
      await expectHydrated(page)
      await expect(heading).toBeInViewport()
      expect(await scrollY(page)).toBeGreaterThan(0)
    })
  }
})

test.describe('client-side navigation to the home page', () => {
  // App bug: the client fetches the home page's data from /en.data, which the server's locale redirect
  // sends to /en/en.data (404), so the home page is replaced by an error page with untranslated keys.
  test('the logo in the header leads to the home page', async ({ page }) => {
    await openPage(page, '/en/login')
    await page.getByRole('link', { name: 'Tradeport' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('heading', { level: 1 }), 'the home page, not an error page (GET /en.data must not redirect to /en/en.data)').toHaveText(
      HOME_HEADING,
    )
  })

  test('"Back to the home page" on the 404 page shows the home page', async ({ page }) => {
    await openPage(page, '/en/no-such-page')
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING)
    await expect(page.getByText(/^errors\./), 'no untranslated message keys').toHaveCount(0)
  })
})
