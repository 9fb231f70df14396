import { expect, type Page, test } from '@playwright/test'
import { DEMO, expectDashboard, openPage, submitSignIn } from './support/helpers'

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 })

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, `page ${page.url()} is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(innerWidth)
}

test('the home page fits a phone screen', async ({ page }) => {
  await openPage(page, '/en')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoHorizontalScroll(page)
})

test('the sign-in card fits a phone screen and signing in works', async ({ page }) => {
  await openPage(page, '/en/login')
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expectNoHorizontalScroll(page)

  await submitSignIn(page, DEMO.buyer.email, DEMO.buyer.password)
  await expectDashboard(page)
})
