import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { openPage } from './support/helpers'

// Issue 22: a visitor looks a product up on the public HS code lookup — in English and in Chinese —, opens the code,
// sees what it covers and the products listed under it, asks for suggestions for a description, and an unknown code
// leads on instead of ending the journey.

test('a visitor finds the HS code of a porcelain mug, opens 6912 and sees the products listed under it', async ({ page }) => {
  await openPage(page, '/en/hscode-demo')
  await page.getByRole('searchbox', { name: 'Words or code' }).fill('porcelain mug')
  await page.getByRole('button', { name: 'Search', exact: true }).last().click()
  await expect(page).toHaveURL(/\/en\/hscode-demo\?q=porcelain\+mug$/)
  const results = page.getByRole('list').filter({ has: page.getByRole('link', { name: '6911', exact: true }) })
  await expect(results.getByRole('link', { name: '6911', exact: true })).toBeVisible()
  await expect(results.getByText('Matched: porcelain, mug').first()).toBeVisible()
  await expectNoSeriousViolations(page)

  // The same in Chinese.
  await openPage(page, '/zh-Hans/hscode-demo')
  await page.getByRole('searchbox', { name: '文字或编码' }).fill('陶瓷杯')
  await page.getByRole('button', { name: '搜索', exact: true }).last().click()
  await page.getByRole('link', { name: '6912', exact: true }).click()
  await expect(page).toHaveURL(/\/zh-Hans\/hscode-demo\/6912$/)
  await expect(page.getByRole('heading', { level: 1, name: '6912' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: '导航路径' }).getByRole('link', { name: '69', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: '6912.00' })).toBeVisible()
  const products = page.getByRole('region', { name: '归入 6912 的商品' })
  await expect(products.getByRole('link').first()).toBeVisible()
  await expectNoSeriousViolations(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
})

test('classify my product ranks headings and says why; an unknown code offers nearby codes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, '/en/hscode-demo')
  await page.getByRole('textbox', { name: 'Product description' }).fill('Porcelain coffee mug with handle, 350 ml')
  await page.getByRole('button', { name: 'Suggest codes' }).click()
  const first = page.getByRole('region', { name: 'Classify my product' }).getByRole('listitem').first()
  await expect(first.getByRole('link', { name: '6911', exact: true })).toBeVisible()
  await expect(first.getByText(/Why: .*porcelain/)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)

  const response = await page.goto('/en/hscode-demo/691299')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'No such HS code' })).toBeVisible()
  await page.getByRole('region', { name: 'Nearby codes' }).getByRole('link', { name: '6912', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/hscode-demo\/6912$/)
})
