import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { openPage } from './support/helpers'

// Issue 22: a visitor looks a product up on the public HS code lookup — in English and in Chinese —, opens the code,
// sees what it covers and the products listed under it, asks for suggestions for a description, and an unknown code
// leads on instead of ending the journey.

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('a visitor finds the HS code of a porcelain mug in English and Chinese, opens 6912 and sees the products listed under it', async ({ page }) => {
  await openPage(page, '/en/hscode-demo')
  await page.getByRole('searchbox', { name: 'Words or code', exact: true }).fill('porcelain mug')
  await page.getByRole('button', { name: 'Search', exact: true }).last().click()
  await expect(page).toHaveURL(/\/en\/hscode-demo\?q=porcelain\+mug$/)
  const results = page.getByRole('list').filter({ has: page.getByRole('link', { name: '6911', exact: true }) })
  await expect(results.getByRole('link', { name: '6911', exact: true })).toBeVisible()
  await expect(results.getByRole('link', { name: '6912', exact: true })).toBeVisible()
  await expect(results.getByText('Matched: porcelain, mug').first()).toBeVisible()
  // The matched words are emphasised in the descriptions.
  await expect(
    results
      .locator('mark')
      .filter({ hasText: /^porcelain$/i })
      .first(),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await results.getByRole('link', { name: '6912', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/hscode-demo\/6912$/)
  await expect(
    page.getByText('Ceramic tableware, kitchenware, other household articles and toilet articles; other than of porcelain or china').first(),
  ).toBeVisible()

  // The same in Chinese.
  await openPage(page, '/zh-Hans/hscode-demo')
  await page.getByRole('searchbox', { name: '文字或编码', exact: true }).fill('陶瓷杯')
  await page.getByRole('button', { name: '搜索', exact: true }).last().click()
  await expect(page.getByRole('link', { name: '6911', exact: true })).toBeVisible()
  await page.getByRole('link', { name: '6912', exact: true }).click()
  await expect(page).toHaveURL(/\/zh-Hans\/hscode-demo\/6912$/)
  await expect(page.getByRole('heading', { level: 1, name: '6912' })).toBeVisible()
  const trail = page.getByRole('navigation', { name: '导航路径' })
  await expect(trail.getByRole('link', { name: '第XIII类', exact: true })).toBeVisible()
  await expect(trail.getByRole('link', { name: '69', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: '所属' }).getByRole('link', { name: '69', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: '6912 项下的编码' }).getByRole('link', { name: '6912.00', exact: true })).toBeVisible()
  const products = page.getByRole('region', { name: '归入 6912 的商品' })
  await expect(products.locator('a[href^="/zh-Hans/b2b/product/"]').first()).toBeVisible()
  await expect(products.getByRole('link', { name: '在市场中查看归入 6912 的全部商品' })).toHaveAttribute('href', '/zh-Hans/b2b/market?q=6912')
  await expectNoSeriousViolations(page)
  await expectNoSeriousViolations(page, { theme: 'dark' })
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

  // Browsing down from the top reaches the same chapter.
  await openPage(page, '/en/hscode-demo/section/XIII')
  await expect(page.getByRole('heading', { level: 1, name: 'Section XIII' })).toBeVisible()
  await expect(page.getByRole('link', { name: '69', exact: true })).toBeVisible()
})

test('at 390 px: classify my product ranks 6911 first and says why; bad input and unknown codes lead on', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, '/en/hscode-demo')
  await page.getByRole('textbox', { name: 'Product description', exact: true }).fill('Porcelain coffee mug')
  await page.getByRole('button', { name: 'Suggest codes' }).click()
  const first = page.getByRole('region', { name: 'Classify my product' }).getByRole('listitem').first()
  await expect(first.getByRole('link', { name: '6911', exact: true })).toBeVisible()
  await expect(first.getByText(/Why: .*porcelain/)).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await expectNoSeriousViolations(page)

  // An empty or too long description is said next to the field, never a server error.
  const empty = await page.goto('/en/hscode-demo?describe=')
  expect(empty?.status()).toBe(200)
  await expect(page.getByText('Enter a description.')).toBeVisible()
  const long = await page.goto(`/en/hscode-demo?q=${'a'.repeat(5000)}`)
  expect(long?.status()).toBe(200)
  await expect(page.getByText('This is too long.')).toBeVisible()

  for (const wrong of ['69a2', '6912345']) expect((await page.goto(`/en/hscode-demo/${wrong}`))?.status()).toBe(404)
  const response = await page.goto('/en/hscode-demo/691299')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'No such HS code' })).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.getByRole('region', { name: 'Nearby codes' }).getByRole('link', { name: '6912', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/hscode-demo\/6912$/)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
})
