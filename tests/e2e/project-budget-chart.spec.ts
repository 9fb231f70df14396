import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, expectHydrated, openPage, signedInContext } from './support/helpers'
import { api } from './support/sourcing-api'

// Issue 16: a project's budget, lowest quote and award per requirement, drawn (Recharts, loaded after the page) with
// the exact figures as a table. The demo history's project ran four RFQs in two rounds (db/seed/demo-history.server.ts).
const TITLE = 'Budget, quotes and awards by requirement'
const SCREENSHOTS = path.resolve('test-results/e2e-artifacts/project-budget')

test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }))

async function expectChartDrawn(page: Page) {
  const figure = page.getByRole('figure', { name: TITLE })
  await expectHydrated(page)
  await expect(figure.locator('svg.recharts-surface[viewBox]:not([aria-label])')).toBeVisible()
  // The drawing is for the eyes only: the table behind "Show as a table" carries the same figures.
  await expect(figure.locator('[data-chart]')).toHaveAttribute('aria-hidden', 'true')
  return figure
}

test('the demo project charts budget, lowest quote and award per requirement, with exact amounts in its table', async ({ browser, baseURL }) => {
  test.setTimeout(90_000)
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  const found = (await api(context.request, 'get', `/projects?q=${encodeURIComponent('Restaurant group tableware')}`)).items as Array<{ id: string }>
  expect(found, 'the demo history project').toHaveLength(1)
  const url = `/en/app/purchase/projects/view/${found[0]!.id}`

  // The charts' library is not part of the page's first load: the server-rendered page preloads no chart module.
  const html = await (await context.request.get(url)).text()
  expect(html).toContain(TITLE)
  expect(html).not.toMatch(/assets\/charts-[\w-]+\.js/)

  await page.setViewportSize({ width: 1440, height: 900 })
  await openPage(page, url)
  const figure = await expectChartDrawn(page)
  await expect(figure).toContainText('In USD: budget is the target unit price × quantity')
  // Five requirements with a figure: a budget bar each, a quote bar each, and four awards.
  await expect(figure.locator('.recharts-bar-rectangle')).toHaveCount(14)

  await figure.getByText('Show as a table').click()
  const table = figure.getByRole('table', { name: TITLE })
  await expect(table.getByRole('columnheader')).toHaveText(['Requirement', 'Budget', 'Lowest quote', 'Quotes', 'Awarded'])
  const row = (title: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) })
  await expect(row('Stoneware side plate, 20 cm').getByRole('cell')).toHaveText(['Stoneware side plate, 20 cm', '$1,920.00', '$1,880.00', '2', '$1,880.00'])
  await expect(row('Tea gift box, 4 cups').getByRole('cell')).toHaveText(['Tea gift box, 4 cups', '$2,700.00', '$2,760.00', '2', '$2,760.00'])
  await expect(row('Stainless canteen tray').getByRole('cell')).toHaveText(['Stainless canteen tray', '$1,920.00', '$1,860.00', '2', 'Not awarded'])
  await expect(row('Table linen for the private rooms').getByRole('cell')).toHaveText([
    'Table linen for the private rooms',
    'No target price',
    'No quotes yet',
    '0',
    'Not awarded',
  ])
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: path.join(SCREENSHOTS, 'project-1440-light.png'), fullPage: true })

  // On a phone, in the dark and in Chinese: the chart stays inside the page.
  const { hostname } = new URL(baseURL ?? 'http://localhost')
  await context.addCookies([{ name: 'color_mode', value: 'dark', domain: hostname, path: '/' }])
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, url.replace('/en/', '/zh-Hans/'))
  const phone = page.getByRole('figure', { name: '各需求的预算、报价与授标' })
  await expect(phone.locator('svg.recharts-surface[viewBox]:not([aria-label])')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await phone.getByText('以表格显示').click()
  await expect(phone.getByRole('row').filter({ hasText: 'Table linen for the private rooms' })).toContainText('未设目标价')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: path.join(SCREENSHOTS, 'project-390-dark-zh-Hans.png'), fullPage: true })
  await context.close()
})

test('a project without requirements, or without any figure yet, says what to do instead of drawing nothing', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  const project = await api(context.request, 'post', '/projects', {
    name: `Budget chart ${Date.now()}`,
    description: '',
    currency: 'EUR',
    budget: '5000',
    deadline: null,
  })
  await openPage(page, `/en/app/purchase/projects/view/${project.id}`)
  const figure = page.getByRole('figure', { name: TITLE })
  await expect(figure).toContainText('No requirements yet. Add requirements with a target price and send an RFQ')
  await expect(figure.locator('svg')).toHaveCount(0)

  await api(context.request, 'post', '/requirements', {
    project_id: project.id,
    title: 'Sample swatches',
    specification: '',
    category_id: null,
    hs_code: null,
    quantity: 5,
    unit: 'pcs',
    target_unit_price: null,
    target_currency: null,
    required_by: null,
    destination: '',
    attachment_file_ids: [],
  })
  await openPage(page, `/en/app/purchase/projects/view/${project.id}`)
  await expect(figure).toContainText('None of the requirements has a target price, a quote or an award yet.')

  await api(context.request, 'post', '/requirements', {
    project_id: project.id,
    title: 'Display stand',
    specification: '',
    category_id: null,
    hs_code: null,
    quantity: 4,
    unit: 'pcs',
    target_unit_price: '120.5',
    target_currency: 'EUR',
    required_by: null,
    destination: '',
    attachment_file_ids: [],
  })
  await openPage(page, `/en/app/purchase/projects/view/${project.id}`)
  await expectChartDrawn(page)
  await figure.getByText('Show as a table').click()
  await expect(figure.getByRole('row').filter({ hasText: 'Display stand' }).getByRole('cell')).toHaveText([
    'Display stand',
    '€482.00',
    'No quotes yet',
    '0',
    'Not awarded',
  ])
  await context.close()
})
