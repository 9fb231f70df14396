import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, expectHydrated, NEW_USER_PASSWORD, openPage, signedInContext, uniqueEmail } from './support/helpers'
import { api, quote, sendRfq } from './support/sourcing-api'

/** A new supplying company with its owner, signed in in its own browser context. */
async function newSupplier(browser: Browser, name: string, company: string): Promise<{ context: BrowserContext; page: Page; companyId: string }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await openPage(page, '/en/login?mode=sign-up')
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Email or phone number').fill(uniqueEmail('supplier'))
  await page.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/en\/onboarding$/)
  await expectHydrated(page)
  await page.getByRole('radio', { name: 'We supply', exact: true }).check()
  await page.getByLabel('Legal name').fill(`${company} Ltd.`)
  await page.getByLabel('Display name').fill(company)
  await page.getByLabel('Country or region').selectOption('CN')
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page).toHaveURL(/\/en\/app\//)
  const me = await api(context.request, 'get', '/companies/current')
  return { context, page, companyId: String(me.id) }
}

test('a buyer sources three requirements from three suppliers with a sealed RFQ and splits the award into two purchase orders', async ({ browser }) => {
  test.setTimeout(300_000)
  const buyer = await signedInContext(browser, DEMO.buyer)
  const page = buyer.page

  // A project with two requirements typed in, and a third pasted into the bulk-manage grid as if from Excel.
  await openPage(page, '/en/app/purchase/projects/create')
  await page.getByLabel('Name', { exact: true }).fill('Tea house fit-out')
  await page.getByLabel('Currency').fill('USD')
  await page.getByLabel('Budget').fill('25000')
  await page.getByRole('button', { name: /Create project/ }).click()
  await expect(page).toHaveURL(/\/en\/app\/purchase\/projects\/view\/[\w-]+(\?.*)?$/)
  const projectId = new URL(page.url()).pathname.split('/').at(-1)!
  for (const [title, quantity] of [
    ['Celadon tea cup', 600],
    ['Bamboo tray', 150],
  ] as const) {
    await api(buyer.context.request, 'post', '/requirements', {
      project_id: projectId,
      title,
      specification: '',
      category_id: null,
      hs_code: null,
      quantity,
      unit: 'pcs',
      target_unit_price: null,
      target_currency: 'USD',
      required_by: null,
      destination: 'Hong Kong',
      attachment_file_ids: [],
    })
  }
  await openPage(page, `/en/app/purchase/projects/requirements/bulk-manage/${projectId}`)
  const grid = page.getByRole('grid', { name: 'Requirements grid' })
  await expect(grid).toBeVisible()
  await page.getByRole('button', { name: 'Add row' }).click()
  await grid.evaluate((element) => {
    const data = new DataTransfer()
    data.setData('text/plain', 'Linen table runner\tHand-woven, 180 cm\t\t\t80\tpcs\t7.5\tUSD\t\tHong Kong\r\n')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await expect(grid.getByText('Linen table runner')).toBeVisible()
  await page.getByRole('button', { name: 'Save all' }).click()
  await expect(page.getByText(/Saved: 1 added/)).toBeVisible()
  await expectNoSeriousViolations(page)
  await openPage(page, `/en/app/purchase/projects/view/${projectId}`)
  await expectNoSeriousViolations(page)

  // Three suppliers: the demo supplier and two new ones, all on the project's shortlist.
  const demoSupplier = await signedInContext(browser, DEMO.supplier)
  const demoSupplierId = String((await api(demoSupplier.context.request, 'get', '/companies/current')).id)
  const jade = await newSupplier(browser, 'Lin Jade', 'Jade River Homeware')
  const pine = await newSupplier(browser, 'Wu Pine', 'Pine Hill Crafts')
  for (const supplierId of [demoSupplierId, jade.companyId, pine.companyId])
    await api(buyer.context.request, 'post', `/projects/${projectId}/shortlist`, { supplier_company_id: supplierId, note: '' })
  await openPage(page, '/en/app/sourcing/selected?project=' + projectId)
  for (const name of ['Bamboo Kiln Ceramics', 'Jade River Homeware', 'Pine Hill Crafts'])
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible()

  // A sealed RFQ for the three requirements, sent to the shortlist through the RFQ form; the deadline (UTC, to the
  // minute) is the first whole minute at least 100 seconds away.
  const requirements = (await api(buyer.context.request, 'get', `/requirements?project=${projectId}&limit=10`)).items as Array<{ id: string; title: string }>
  expect(requirements.map((requirement) => requirement.title).sort()).toEqual(['Bamboo tray', 'Celadon tea cup', 'Linen table runner'])
  const deadline = new Date(Math.ceil((Date.now() + 100_000) / 60_000) * 60_000)
  await openPage(page, `/en/app/sourcing/rfq?new=1&project=${projectId}`)
  for (const title of ['Celadon tea cup', 'Bamboo tray', 'Linen table runner']) await page.getByRole('checkbox', { name: new RegExp(`^${title} — `) }).check()
  await page.getByLabel('Title', { exact: true }).fill('Celadon and bamboo tableware')
  await page.getByLabel('Quote deadline (UTC)').fill(deadline.toISOString().slice(0, 16))
  await page.getByLabel('Currency', { exact: true }).fill('USD')
  await page.getByLabel('Incoterm', { exact: true }).selectOption('FOB')
  await page.getByLabel('Named place').fill('Ningbo')
  await page.getByRole('checkbox', { name: /^Sealed bidding/ }).check()
  for (const name of ['Bamboo Kiln Ceramics', 'Jade River Homeware', 'Pine Hill Crafts']) await page.getByRole('checkbox', { name: new RegExp(name) }).check()
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/en\/app\/sourcing\/rfq\/[\w-]+(\?.*)?$/)
  const rfqId = new URL(page.url()).pathname.split('/').at(-1)!
  await page.getByRole('button', { name: 'Send RFQ' }).click()
  await expect(page.getByText('Quoting is open').first()).toBeVisible()
  await expectNoSeriousViolations(page)
  const rfq = { id: rfqId }

  // Three quotations: Jade River answers on its RFQ page (one line without an offer) and then revises its cup price.
  await quote(demoSupplier.context.request, rfq.id, { 'Celadon tea cup': '2.9000', 'Bamboo tray': '6.5000', 'Linen table runner': '7.9000' })
  await quote(pine.context.request, rfq.id, { 'Celadon tea cup': '3.4000', 'Linen table runner': '8.2000' })
  const jadePage = jade.page
  await openPage(jadePage, `/en/app/supplier/portal/rfq/${rfq.id}`)
  await jadePage.getByLabel('Unit price: Celadon tea cup').fill('3.1000')
  await jadePage.getByLabel('Lead time (days): Celadon tea cup').fill('30')
  await jadePage.getByLabel('Unit price: Bamboo tray').fill('5.2500')
  await jadePage.getByLabel('Lead time (days): Bamboo tray').fill('25')
  await jadePage.getByLabel('No offer: Linen table runner').check()
  await jadePage.getByLabel('Valid until').fill('2099-12-31')
  await jadePage.getByRole('button', { name: 'Submit quotation' }).click()
  await expect(jadePage.getByRole('button', { name: 'Submit revision' })).toBeVisible()
  await jadePage.getByLabel('Unit price: Celadon tea cup').fill('2.7500')
  await jadePage.getByRole('button', { name: 'Submit revision' }).click()
  await expect(jadePage.getByText(/revision 2/)).toBeVisible()
  await expectNoSeriousViolations(jadePage)

  // Sealed: before the deadline the buyer sees only how many quotes came in.
  await openPage(page, `/en/app/sourcing/quotations?rfq=${rfq.id}`)
  await expect(page.getByRole('main').getByText(/is sealed/)).toBeVisible()
  await expect(page.getByText('Jade River Homeware')).toHaveCount(0)

  // After the deadline: the comparison, then a split award in two steps — first only the two ticked lines (cups and
  // trays to Jade River; every line has its best offer preselected, the runner stays unticked), then the runner.
  await page.waitForTimeout(Math.max(0, deadline.getTime() - Date.now() + 2_000))
  await page.reload()
  await expectHydrated(page)
  const matrix = page.getByRole('main')
  await expect(matrix.getByText('Jade River Homeware').first()).toBeVisible()
  const rowOf = (title: string) =>
    page
      .getByRole('row')
      .filter({ hasText: title })
      .filter({ has: page.getByRole('radio') })
  const awardButton = page.getByRole('button', { name: 'Award the ticked lines' })
  await expect(awardButton).toBeDisabled()
  await expect(awardButton).toHaveAccessibleDescription('Tick at least one line in the table to award it.')
  for (const title of ['Celadon tea cup', 'Bamboo tray']) {
    await page.getByRole('checkbox', { name: `Award this line: ${title}` }).check()
    await rowOf(title).getByRole('radio', { name: 'Offer of Jade River Homeware' }).check()
  }
  await expect(page.getByRole('checkbox', { name: 'Award this line: Linen table runner' })).not.toBeChecked()
  await awardButton.click()
  const confirm = page.getByRole('dialog', { name: 'Award 2 line(s)?' })
  await expect(confirm.getByRole('listitem')).toHaveText(['Celadon tea cup → Jade River Homeware', 'Bamboo tray → Jade River Homeware'])
  await expect(confirm.getByText('Lines not ticked stay open: 1')).toBeVisible()
  await expectNoSeriousViolations(page)
  await confirm.getByRole('button', { name: 'Award and create purchase orders' }).click()
  await expect(page.getByText('Purchase orders created: 1')).toBeVisible()
  await expect(rowOf('Linen table runner').getByText(/Awarded to/)).toHaveCount(0)
  const created: string[] = [...((await page.getByRole('main').textContent())?.match(/PO-\d{4}-\d{5}/g) ?? [])]
  await page.getByRole('checkbox', { name: 'Award this line: Linen table runner' }).check()
  await rowOf('Linen table runner').getByRole('radio', { name: 'Offer of Bamboo Kiln Ceramics' }).check()
  await awardButton.click()
  await expect(page.getByRole('dialog').getByRole('listitem')).toHaveText(['Linen table runner → Bamboo Kiln Ceramics'])
  await page.getByRole('dialog').getByRole('button', { name: 'Award and create purchase orders' }).click()
  await expect(page.getByText('Every line of this RFQ has been awarded.')).toBeVisible()
  await expectNoSeriousViolations(page)
  created.push(...((await page.getByRole('main').textContent())?.match(/PO-\d{4}-\d{5}/g) ?? []))

  // Two purchase orders for the right suppliers, lines and prices.
  expect(new Set(created).size).toBe(2)
  const details = await Promise.all(
    [...new Set(created)].map(async (number) => {
      const [order] = (await api(buyer.context.request, 'get', `/orders?side=buyer&q=${number}`)).items as Array<{ id: string }>
      return api(buyer.context.request, 'get', `/orders/${order!.id}`)
    }),
  )
  const bySupplier = Object.fromEntries(
    details.map((detail) => [
      detail.supplier.name,
      (detail.lines as Array<{ description: string; quantity: number; unit_price: string }>)
        .map((line) => [line.description, line.quantity, line.unit_price])
        .sort(),
    ]),
  )
  expect(bySupplier).toEqual({
    'Jade River Homeware': [
      ['Bamboo tray', 150, '5.2500'],
      ['Celadon tea cup', 600, '2.7500'],
    ],
    'Bamboo Kiln Ceramics': [['Linen table runner', 80, '7.9000']],
  })
  for (const context of [buyer.context, demoSupplier.context, jade.context, pine.context]) await context.close()
})

test('the award button says why it is disabled while quoting is open, before anyone clicks', async ({ browser }) => {
  const buyer = await signedInContext(browser, DEMO.buyer)
  const supplier = await signedInContext(browser, DEMO.supplier)
  const supplierId = String((await api(supplier.context.request, 'get', '/companies/current')).id)
  const draft = await sendRfq(buyer.context.request, { title: 'Saucers while quoting is open', supplierIds: [supplierId], lines: ['Celadon saucer'] })
  await quote(supplier.context.request, draft.id, { 'Celadon saucer': '1.2000' })

  const page = buyer.page
  await openPage(page, `/en/app/sourcing/quotations?rfq=${draft.id}`)
  await page.getByRole('checkbox', { name: 'Award this line: Celadon saucer' }).check()
  const awardButton = page.getByRole('button', { name: 'Award the ticked lines' })
  await expect(awardButton).toBeDisabled()
  await expect(awardButton).toHaveAccessibleDescription(/^Award is not possible yet: quoting is open until .+\. Close the RFQ or wait for its deadline\.$/)
  await expect(page.getByText(/Award is not possible yet: quoting is open until/)).toBeVisible()
  await expectNoSeriousViolations(page)
  for (const context of [buyer.context, supplier.context]) await context.close()
})
