import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, startSession } from './support/helpers'

// Issue 17: the platform admin sees the background job queues (what each does, its schedule and retries, live counts)
// and the jobs that failed for good; nobody else may open the page.
test('the platform admin reads the job queues, in English and in Chinese', async ({ page }) => {
  await startSession(page, DEMO.admin)
  await openPage(page, '/en/app/jobs')
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible()
  const queues = page.getByRole('table', { name: 'Queues' })
  for (const name of [
    'Send notification digests',
    'Import the ECB reference rates',
    'Close RFQs past their deadline, send deadline reminders, expire quotations',
  ]) {
    await expect(queues.getByRole('rowheader', { name: new RegExp(name) })).toBeVisible()
  }
  const digests = queues.getByRole('row').filter({ hasText: 'notifications.send-digests' })
  await expect(digests).toContainText('* * * * *')
  await expect(digests).toContainText('1 retry after 5 s')
  // The hourly upkeep ran when the server started.
  await expect(queues.getByRole('row').filter({ hasText: 'sourcing.deadlines' })).toContainText('0 * * * *')
  await expect(page.getByRole('heading', { level: 2, name: 'Failed jobs' })).toBeVisible()
  await expect(page.getByTestId('no-failed-jobs')).toHaveText('No job has failed for good. Nothing to do here.')
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Background jobs' })).toHaveAttribute('aria-current', 'page')
  await expectNoSeriousViolations(page)

  await openPage(page, '/zh-Hans/app/jobs')
  await expect(page.getByRole('heading', { level: 1, name: '后台任务' })).toBeVisible()
  await expect(page.getByRole('table', { name: '队列' }).getByRole('rowheader', { name: /发送通知摘要/ })).toBeVisible()
})

test('a buyer may not open the jobs page and does not see it in the sidebar', async ({ page }) => {
  await startSession(page, DEMO.buyer)
  const response = await page.goto('/en/app/jobs')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Background jobs' })).toHaveCount(0)
})
