import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, signedInContext } from './support/helpers'

// Issue 16, buyer buying without dead ends: a signed-in product page keeps "Request a quotation", "Add to shortlist" and
// "Message supplier" (the thread carries the product), and the supplier itself is offered to edit its product.
test.describe.configure({ timeout: 60_000 })

/** The first product of the marketplace (every demo product belongs to a supplier other than the demo buyer). */
async function firstMarketProduct(page: Page, locale: 'en' | 'zh-Hans'): Promise<{ path: string; name: string }> {
  await openPage(page, `/${locale}/b2b/market`)
  const link = page.getByRole('article').first().getByRole('link').first()
  const path = (await link.getAttribute('href')) ?? ''
  expect(path).toMatch(new RegExp(`^/${locale}/b2b/product/`))
  await openPage(page, path)
  return { path, name: ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim() }
}

test('a buyer shortlists the supplier and requests a quotation from a product page', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  const product = await firstMarketProduct(page, 'en')
  const card = page.getByRole('region', { name: 'Source this product' })
  await expect(card).toBeVisible()
  await expectNoSeriousViolations(page)

  const project = card.getByLabel('Purchase project')
  const projectLabel = (await project.locator('option:checked').textContent())?.trim() ?? ''
  expect(projectLabel, 'the demo buyer has an open project').toMatch(/^PRJ-/)
  await card.getByRole('button', { name: 'Add to shortlist' }).click()
  await expect(card.getByRole('status')).toContainText(`on the shortlist of ${projectLabel}`)
  await expect(card.getByRole('link', { name: 'Open the shortlist' })).toHaveAttribute('href', /\/en\/app\/sourcing\/selected\?project=/)

  await project.selectOption({ label: `New project: ${product.name}` })
  await card.getByRole('button', { name: 'Request a quotation' }).click()
  await expect(page).toHaveURL(/\/en\/app\/sourcing\/rfq\?new=1&project=[\w-]+&requirement=[\w-]+&supplier=[\w-]+$/)
  await expect(page.getByLabel('Title')).toHaveValue(product.name)
  await expect(page.getByRole('main')).toContainText(product.name)
  await context.close()
})

test('“Message supplier” opens the thread with the product named, in Chinese', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  const product = await firstMarketProduct(page, 'zh-Hans')
  await page.getByRole('region', { name: '采购此产品' }).getByRole('button', { name: '联系供应商' }).click()
  await expect(page).toHaveURL(/\/zh-Hans\/app\/inbox\/[\w-]+\?product=[\w-]+$/)
  const box = page.getByRole('combobox', { name: '消息' })
  await expect(box).toHaveValue(
    new RegExp(
      `^关于贵公司的产品 ${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}（SKU .+）：http\\S+/zh-Hans${product.path.replace('/zh-Hans', '')}\\n\\n$`,
    ),
  )
  await expect(box).toBeFocused()
  await box.pressSequentially('请报 500 件的价格。')
  await box.press('Enter')
  const sent = page.getByRole('list', { name: '消息' }).getByRole('listitem').last()
  await expect(sent).toContainText('请报 500 件的价格。')
  await expect(sent.getByRole('link', { name: /\/zh-Hans\/b2b\/product\// })).toHaveAttribute('href', new RegExp(`${product.path}$`))
  await context.close()
})

test('the supplier is offered to edit its own product, not to quote it', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.supplier)
  // A published product: other journeys add drafts, whose public page does not exist.
  await openPage(page, '/en/app/products?status=published')
  const editHref = (await page.locator('main a[href*="/app/products/edit?id="]').first().getAttribute('href')) ?? ''
  const id = new URL(editHref, 'http://x').searchParams.get('id')
  expect(id).toBeTruthy()
  await openPage(page, `/en/b2b/product/${id}`)
  const card = page.getByRole('region', { name: 'This is your product' })
  await expect(card.getByRole('link', { name: 'Edit product' })).toHaveAttribute('href', `/en/app/products/edit?id=${id}`)
  await expect(page.getByRole('button', { name: 'Request a quotation' })).toHaveCount(0)
  await context.close()
})
