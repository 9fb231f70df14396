import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, expectHydrated, openPage, signedInContext, signUp } from './support/helpers'
import { api, sendRfq } from './support/sourcing-api'

// Issue 24: a new company on the Free plan (5 RFQs a month) is warned as it nears the limit, is refused with the way to
// upgrade when it tries to pass it, upgrades on the plan page and carries on.
test('a Free company hits its RFQ limit, sees the upgrade message before and after trying, upgrades and continues', async ({ browser }) => {
  test.setTimeout(240_000)
  const supplier = await signedInContext(browser, DEMO.supplier)
  const supplierId = String((await api(supplier.context.request, 'get', '/companies/current')).id)
  await supplier.context.close()

  const context = await browser.newContext()
  const page = await context.newPage()
  await signUp(page, 'Mara Okafor', 'Okafor Imports')
  const plan = await api(context.request, 'get', '/billing/plan')
  expect(plan.plan.id).toBe('free')
  const limit = Number(plan.plan.limits.rfqs_per_month)
  expect(limit).toBe(5)

  // Up to one below the limit by the API; two drafts left to send from the page.
  for (let index = 1; index < limit; index += 1)
    await sendRfq(context.request, { title: `Lamp order ${index}`, supplierIds: [supplierId], lines: ['LED panel'] })
  const last = await sendRfq(context.request, { title: 'Lamp order 5', supplierIds: [supplierId], lines: ['LED panel'], draft: true })
  const over = await sendRfq(context.request, { title: 'Lamp order 6', supplierIds: [supplierId], lines: ['LED panel'], draft: true })

  // Before: the draft page warns that the month's RFQs are nearly used up, with the way to upgrade.
  await openPage(page, `/en/app/sourcing/rfq/${last.id}`)
  await expectHydrated(page)
  await expect(page.getByText('RFQs sent a month: 4 of 5 used. Upgrade before you run out.')).toBeVisible()
  await page.getByRole('button', { name: 'Send RFQ' }).click()
  await expect(page.getByText('The RFQ was sent.')).toBeVisible()

  // At the limit: the next draft says so before the try, and the try is refused with the limit and the upgrade link.
  await openPage(page, `/en/app/sourcing/rfq/${over.id}`)
  await expectHydrated(page)
  await expect(page.getByText("Your plan's limit is reached")).toBeVisible()
  await page.getByRole('button', { name: 'Send RFQ' }).click()
  const refusal = page.getByRole('alert').filter({ hasText: 'RFQs sent a month: 5 of 5 used.' })
  await expect(refusal).toBeVisible()
  expect((await api(context.request, 'get', `/rfqs/${over.id}`)).status).toBe('draft')

  // The link leads to the plan page: usage at the limit, and Business chosen with a confirmation.
  await refusal.getByRole('link', { name: 'Upgrade the plan' }).click()
  await expect(page).toHaveURL(/\/en\/app\/settings\/plan$/)
  await expectHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Plan and usage' })).toBeVisible()
  await expect(page.locator('[data-limit="rfqs_per_month"]')).toHaveAttribute('data-state', 'reached')
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Choose Business' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Business?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Your company is now on Business.')).toBeVisible()
  await expect(page.locator('[data-current-plan]')).toHaveText('Business')
  await expect(page.locator('[data-limit="rfqs_per_month"]')).toHaveAttribute('data-state', 'ok')
  await expect(page.getByRole('cell', { name: 'Upgraded from Free to Business' })).toBeVisible()

  // The upgrade is invoiced at once: how to pay it by bank transfer, and its PDF.
  const invoiceRow = page.locator('[data-invoice]').first()
  await expect(invoiceRow).toContainText('Business, Monthly')
  await expect(invoiceRow.locator('[data-invoice-status="open"]')).toBeVisible()
  const number = String(await invoiceRow.getAttribute('data-invoice'))
  await expect(page.getByText(new RegExp(`^Quote ${number} when you transfer (US)?\\$49\\.00, by `))).toBeVisible()
  const pdfHref = await invoiceRow.getByRole('link', { name: `PDF of ${number}` }).getAttribute('href')
  const pdf = await context.request.get(String(pdfHref))
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')

  // A platform admin marks it paid when the transfer arrives (behind a confirmation); the company sees it paid.
  const admin = await signedInContext(browser, DEMO.admin)
  await openPage(admin.page, '/en/app/plans')
  await expectHydrated(admin.page)
  const adminRow = admin.page.locator(`[data-invoice="${number}"]`)
  await expect(adminRow).toContainText('Okafor Imports')
  await adminRow.getByRole('button', { name: 'Mark paid' }).click()
  const markPaid = admin.page.getByRole('dialog', { name: `Mark ${number} paid?` })
  await markPaid.getByLabel('Bank reference (optional)').fill('HSBC 0312-88421')
  await markPaid.getByRole('button', { name: 'Mark paid' }).click()
  await expect(admin.page.getByText(`${number} is marked paid and booked.`)).toBeVisible()
  await expectNoSeriousViolations(admin.page)
  await admin.context.close()
  await page.reload()
  await expect(page.locator(`[data-invoice="${number}"] [data-invoice-status="paid"]`)).toBeVisible()

  // And carries on: the refused draft goes out now.
  await openPage(page, `/en/app/sourcing/rfq/${over.id}`)
  await expectHydrated(page)
  await expect(page.getByText("Your plan's limit is reached")).toHaveCount(0)
  await page.getByRole('button', { name: 'Send RFQ' }).click()
  await expect(page.getByText('The RFQ was sent.')).toBeVisible()
  await context.close()
})

test('the plan page works on a phone in Chinese, with usage meters and the plan choices', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, '/zh-Hans/app/settings/plan')
  await expectHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: '套餐与用量' })).toBeVisible()
  await expect(page.getByRole('meter').first()).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoSeriousViolations(page)
  await context.close()
})
