import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, expectHydrated, openPage, signedInContext } from './support/helpers'
import { api } from './support/sourcing-api'

test('buyer and supplier chat live in an RFQ thread, and a submitted quotation appears on the open comparison page', async ({ browser }) => {
  test.setTimeout(180_000)
  const buyer = await signedInContext(browser, DEMO.buyer)
  const supplier = await signedInContext(browser, DEMO.supplier)
  const supplierId = String((await api(supplier.context.request, 'get', '/companies/current')).id)

  // An open, unsealed RFQ from the demo buyer to the demo supplier.
  const draft = await api(buyer.context.request, 'post', '/rfqs', {
    project_id: null,
    title: `Glazed serving bowls ${Date.now()}`,
    description: 'Live chat journey',
    quote_deadline: '2099-01-15T17:00:00Z',
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Ningbo',
    delivery_date: null,
    destination: 'Hong Kong',
    sealed: false,
    visibility: 'invited',
    supplier_ids: [supplierId],
    requirement_ids: [],
    lines: [{ title: 'Glazed serving bowl', specification: '24 cm, celadon', quantity: 300, unit: 'pcs', target_unit_price: '6.00' }],
    attachment_file_ids: [],
  })
  await api(buyer.context.request, 'post', `/rfqs/${draft.id}/transitions`, { action: 'publish', version: draft.version, reason: '' })

  // The buyer opens the thread with the supplier from the RFQ page; the supplier from its quote page: the same thread.
  const buyerPage = buyer.page
  await openPage(buyerPage, `/en/app/sourcing/rfq/${draft.id}`)
  await buyerPage
    .getByRole('button', { name: /^Message/ })
    .first()
    .click()
  await expect(buyerPage).toHaveURL(/\/en\/app\/inbox\/[\w-]+$/)
  const threadPath = new URL(buyerPage.url()).pathname

  const supplierPage = supplier.page
  await openPage(supplierPage, `/en/app/supplier/portal/rfq/${draft.id}`)
  // The buyer opened the thread already, so the supplier's page offers to open it rather than start one.
  await supplierPage.getByRole('link', { name: 'Open conversation: RFQ' }).click()
  await expect(supplierPage).toHaveURL(new RegExp(`${threadPath}$`))
  await expectHydrated(supplierPage)
  await expectHydrated(buyerPage)

  // Presence: each sees the other online in the conversation.
  await expect(buyerPage.getByRole('list', { name: 'Online now' }).getByText('Sam Okafor')).toBeVisible({ timeout: 15_000 })
  await expect(supplierPage.getByRole('list', { name: 'Online now' }).getByText('Bea Lin')).toBeVisible({ timeout: 15_000 })

  // Typing: the buyer sees the supplier typing before anything is sent.
  const composer = supplierPage.getByLabel('Message', { exact: true })
  await composer.click()
  await composer.pressSequentially('Hello Bea, a question about the', { delay: 20 })
  await expect(buyerPage.getByRole('status').filter({ hasText: 'Sam Okafor is typing…' })).toBeVisible({ timeout: 10_000 })
  await composer.pressSequentially(' glaze colour: celadon or white?', { delay: 5 })
  await composer.press('Enter')
  const buyerMessages = buyerPage.getByRole('list', { name: 'Messages' })
  await expect(buyerMessages.getByText('Hello Bea, a question about the glaze colour: celadon or white?')).toBeVisible({ timeout: 10_000 })
  await expect(buyerPage.getByRole('status').filter({ hasText: 'is typing' })).toHaveCount(0, { timeout: 10_000 })

  // The buyer answers; the supplier sees it live.
  const reply = buyerPage.getByLabel('Message', { exact: true })
  await reply.fill('Celadon, please, as in the sample.')
  await buyerPage.getByRole('button', { name: 'Send' }).click()
  await expect(supplierPage.getByRole('list', { name: 'Messages' }).getByText('Celadon, please, as in the sample.')).toBeVisible({ timeout: 10_000 })
  await expectNoSeriousViolations(buyerPage)

  // Away from the conversation, the supplier's sidebar counts it as unread as soon as the buyer writes again.
  await openPage(supplierPage, '/en/app/dashboard')
  const unreadBadge = supplierPage
    .getByRole('navigation')
    .first()
    .getByText(/^Unread conversations: \d+$/)
  // Other journeys (and the demo thread) may have left conversations unread: count from what the badge says now.
  await supplierPage.waitForTimeout(1_000)
  const before = (await unreadBadge.count()) === 0 ? 0 : Number((await unreadBadge.textContent())?.match(/\d+/)?.[0])
  await reply.fill('One more thing: 24 cm is the outer diameter.')
  await reply.press('Enter')
  await expect(buyerMessages.getByText('One more thing: 24 cm is the outer diameter.')).toBeVisible()
  // Another journey on another worker may write to the demo supplier meanwhile, so the badge must rise live (no reload)
  // by at least this thread, and the supplier's unread list must name this thread.
  await expect
    .poll(async () => Number((await unreadBadge.textContent({ timeout: 1_000 }).catch(() => '0'))?.match(/\d+/)?.[0] ?? 0), { timeout: 10_000 })
    .toBeGreaterThan(before)
  const threadId = threadPath.split('/').pop()
  const unreadThreads = await api(supplier.context.request, 'get', '/conversations?unread=true&limit=100')
  expect((unreadThreads.items as Array<{ id: string; unread: number }>).find((item) => item.id === threadId)?.unread).toBeGreaterThan(0)

  // The buyer keeps the comparison page open; the supplier's quotation arrives without a reload.
  await openPage(buyerPage, `/en/app/sourcing/quotations?rfq=${draft.id}`)
  await expect(buyerPage.getByText('No quotations to compare yet.').first()).toBeVisible()
  await buyerPage.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })
  const rfq = await api(supplier.context.request, 'get', `/rfq-inbox/${draft.id}`)
  const lines = (rfq.lines as Array<{ id: string }>).map((line) => ({ rfq_line_id: line.id, unit_price: '5.4000', moq: 100, lead_time_days: 35, note: '' }))
  const saved = await api(supplier.context.request, 'put', `/rfq-inbox/${draft.id}/quotation`, {
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Ningbo',
    freight_amount: null,
    insurance_amount: null,
    payment_terms: 'tt_30_70',
    valid_until: '2099-12-31',
    notes: '',
    attachment_file_ids: [],
    lines,
  })
  await api(supplier.context.request, 'post', `/quotations/${saved.id}/submit`, { version: saved.version, reason: '' })
  await expect(buyerPage.getByRole('main').getByText('Bamboo Kiln Ceramics').first()).toBeVisible({ timeout: 15_000 })
  await expect(buyerPage.getByText('No quotations to compare yet.')).toHaveCount(0)
  expect(await buyerPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  // The quotation can now be negotiated in its own thread, opened from the comparison.
  await buyerPage.getByRole('button', { name: 'Message: Bamboo Kiln Ceramics' }).click()
  await expect(buyerPage).toHaveURL(/\/en\/app\/inbox\/[\w-]+$/)
  expect(new URL(buyerPage.url()).pathname).not.toBe(threadPath)
  await expect(buyerPage.getByRole('link', { name: /^Quotation RFQ-/ })).toBeVisible()

  await buyer.context.close()
  await supplier.context.close()
})

test('a buyer runs a team channel: creates it, posts, edits, reacts, deletes, finds a message, and reads the bell', async ({ browser }) => {
  test.setTimeout(120_000)
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  const name = `launch-${Date.now().toString(36)}`

  await openPage(page, '/en/app/channels')
  await page.getByRole('button', { name: 'New channel' }).click()
  const dialog = page.getByRole('dialog', { name: 'New channel' })
  await dialog.getByLabel('Name', { exact: true }).fill(name)
  await dialog.getByLabel('Topic', { exact: true }).fill('Opening week logistics')
  await dialog.getByRole('button', { name: 'Create channel' }).click()
  await expect(page).toHaveURL(/\/en\/app\/channels\/[\w-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await expectHydrated(page)

  const composer = page.getByLabel('Message', { exact: true })
  const messages = page.getByRole('list', { name: 'Messages' })
  await composer.fill(`Pallets for ${name} arrive on Tuesday at 9:00.`)
  await composer.press('Enter')
  await expect(messages.getByText(`Pallets for ${name} arrive on Tuesday at 9:00.`)).toBeVisible()
  await expect(composer).toHaveValue('')

  // Edit in place; Enter saves.
  const item = messages.getByRole('listitem').filter({ hasText: 'arrive on Tuesday' })
  await item.getByRole('button', { name: 'Edit' }).click()
  // The text turns into the editor, so the editor is found by its label, not inside the item's old text.
  const editor = messages.getByLabel('Edit message')
  await editor.fill(`Pallets for ${name} arrive on Wednesday at 9:00.`)
  await editor.press('Enter')
  await expect(messages.getByText(`Pallets for ${name} arrive on Wednesday at 9:00.`)).toBeVisible()
  await expect(messages.getByText('(edited)')).toBeVisible()

  // React with 👍, then find the message through the inbox search.
  const edited = messages.getByRole('listitem').filter({ hasText: 'arrive on Wednesday' })
  await edited.getByRole('button', { name: 'Add a reaction' }).click()
  await page.getByRole('button', { name: 'React with 👍' }).click()
  await expect(edited.getByRole('button', { name: /^👍 1/ })).toBeVisible()
  await expectNoSeriousViolations(page)

  const channelUrl = page.url()
  await openPage(page, `/en/app/inbox?q=${encodeURIComponent(`${name} arrive on Wednesday`)}`)
  await expect(page.getByRole('heading', { name: `Messages found for “${name} arrive on Wednesday”: 1` })).toBeVisible()
  await openPage(page, channelUrl)

  // Delete: the message stays in the timeline as deleted.
  await messages.getByRole('listitem').filter({ hasText: 'arrive on Wednesday' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Delete message' }).click()
  await expect(messages.getByText('This message was deleted')).toBeVisible()
  await expect(messages.getByText(`Pallets for ${name} arrive on Wednesday at 9:00.`)).toHaveCount(0)

  // The bell: its popover lists the latest notices and links to the full list.
  await page.getByRole('button', { name: /^Notifications/ }).click()
  await expect(page.getByRole('list', { name: 'Latest notifications' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeFocused()
  await context.close()
})
