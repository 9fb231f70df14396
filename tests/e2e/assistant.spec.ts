import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, signedInContext } from './support/helpers'

// Issue 23: a buyer asks the built-in sourcing assistant in Chinese for 5,000 ceramic mugs delivered to Hamburg; the
// reply streams in with supplier cards and a drafted requirement, created with one click and found in the project.

test('a buyer asks in Chinese, sees suppliers and creates the drafted requirement in a project', async ({ browser }) => {
  test.setTimeout(120_000)
  const { page } = await signedInContext(browser, DEMO.buyer)
  await openPage(page, '/zh-Hans/app/sourcing/chat')
  await expect(page.getByRole('heading', { level: 1, name: '采购助手' })).toBeVisible()
  await expect(page.getByText(/内置助手/).first()).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('textbox', { name: '您的消息' }).fill('我需要5000个陶瓷马克杯，运到汉堡')
  await page.getByRole('button', { name: '发送' }).click()
  // A new conversation, titled from the question, with the reply streamed in.
  await expect(page).toHaveURL(/\/zh-Hans\/app\/sourcing\/chat\/[0-9a-f-]{36}$/)
  const reply = page.getByRole('article', { name: '助手' }).last()
  await expect(reply.getByText(/起草了一项需求/)).toBeVisible({ timeout: 15_000 })
  const suppliers = reply.getByRole('region', { name: /的供应商/ })
  await expect(suppliers).toBeVisible()
  await expect(suppliers.getByRole('link').first()).toBeVisible()
  await expect(suppliers.getByText('已认证').first()).toBeVisible()

  const draft = reply.getByRole('region', { name: '需求草稿' })
  await expect(draft.getByText('5,000')).toBeVisible()
  await expect(draft.getByText('Hamburg')).toBeVisible()
  await expect(draft.getByText('按下按钮之前，不会保存任何内容。')).toBeVisible()
  const project = await draft.getByRole('combobox', { name: '项目' }).locator('option:checked').textContent()
  await expectNoSeriousViolations(page)

  await draft.getByRole('button', { name: '创建需求' }).click()
  await expect(draft.getByRole('status')).toContainText('需求已创建')
  // Reloaded, the conversation still says it was created.
  await page.reload()
  await expect(page.getByRole('region', { name: '需求草稿' }).getByRole('status')).toContainText('需求已创建')

  await page.getByRole('region', { name: '需求草稿' }).getByRole('link', { name: '打开' }).click()
  await expect(page).toHaveURL(/\/zh-Hans\/app\/purchase\/projects\/view\//)
  if (project) await expect(page.getByRole('heading', { level: 1 })).toContainText(project.split(' · ')[1] ?? '')
  // The requirement's row links to it (a chart's tooltip may hold the same text, hidden, earlier on the page).
  await expect(page.getByRole('link', { name: '陶瓷马克杯' }).first()).toBeVisible()
})

test('the conversation list, renaming and deleting behind a confirmation, and a question handed over by ?q=', async ({ browser }) => {
  test.setTimeout(120_000)
  const { page } = await signedInContext(browser, DEMO.buyer)
  await openPage(page, '/en/app/sourcing/chat?q=HS%20code%20for%20bone%20china%20mugs')
  await expect(page).toHaveURL(/\/en\/app\/sourcing\/chat\/[0-9a-f-]{36}$/)
  const reply = page.getByRole('article', { name: 'Assistant' }).last()
  await expect(reply.getByText(/The closest HS code for/)).toBeVisible({ timeout: 15_000 })
  await expect(reply.getByRole('link', { name: /^6911/ }).first()).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByText('Rename', { exact: true }).click()
  await page.getByRole('textbox', { name: 'Conversation title' }).fill('Bone china duty')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bone china duty' })).toBeVisible()
  await expect(
    page
      .getByRole('navigation', { name: 'Conversations' })
      .last()
      .getByRole('link', { name: /Bone china duty/ }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/app\/sourcing\/chat$/)
  await expect(page.getByRole('link', { name: /Bone china duty/ })).toHaveCount(0)
})

test('the platform admin sets the assistant up and tries it in the playground; a company owner sees only their part', async ({ browser }) => {
  test.setTimeout(120_000)
  const { page } = await signedInContext(browser, DEMO.admin)
  await openPage(page, '/en/app/agi/config')
  await expect(page.getByRole('heading', { level: 1, name: 'Assistant settings' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Built-in assistant/ })).toBeChecked()
  await page.getByRole('textbox', { name: 'System prompt' }).fill('Answer in short sentences.')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveValue('Answer in short sentences.')
  await expectNoSeriousViolations(page)

  await openPage(page, '/en/app/playground')
  await page.getByRole('button', { name: 'New session' }).click()
  await expect(page).toHaveURL(/\/en\/app\/playground\/chat\/[0-9a-f-]{36}$/)
  await page.getByRole('textbox', { name: 'Your message' }).fill('find suppliers of ceramic mugs')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText(/The marketplace has/).first()).toBeVisible({ timeout: 15_000 })
  const round = page.getByText(/^Round 1 · .* ms · search_products, find_suppliers$/)
  await expect(round).toBeVisible()
  await round.click()
  await expect(page.getByRole('heading', { name: 'Request' }).first()).toBeVisible()
  await expectNoSeriousViolations(page)

  const owner = await signedInContext(browser, DEMO.buyer)
  await openPage(owner.page, '/en/app/agi/config')
  await expect(owner.page.getByRole('heading', { name: 'Your company' })).toBeVisible()
  await expect(owner.page.getByRole('heading', { name: 'Platform assistant' })).toHaveCount(0)
  await expect(owner.page.getByRole('button', { name: 'Switch off' })).toBeVisible()
})
