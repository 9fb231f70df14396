import { expect, test } from '@playwright/test'
import { E2E_BASE_URL } from './support/env'
import { DEMO, openPage, signedInContext } from './support/helpers'

const RAW_KEY = /\b(events|activity)\.[a-z_.]+/

for (const locale of ['en', 'zh-Hans'] as const) {
  test(`the project timeline and the activity filter show texts, not message keys (${locale})`, async ({ browser }) => {
    const { context, page } = await signedInContext(browser, DEMO.buyer)
    const projects = await context.request.get('/api/v1/projects?limit=50', { headers: { origin: E2E_BASE_URL } })
    expect(projects.status()).toBe(200)
    const demo = ((await projects.json()).items as Array<{ id: string; name: string }>).find((project) => project.name === 'Tea house opening, Causeway Bay')
    expect(demo, 'the seeded demo project').toBeTruthy()

    // The seeded project's timeline holds project, requirement, shortlist and RFQ events.
    await openPage(page, `/${locale}/app/purchase/projects/view/${demo!.id}`)
    const timeline = page
      .locator('ol')
      .filter({ has: page.locator('li') })
      .last()
    await expect(timeline.locator('li').first()).toBeVisible()
    expect(await page.getByRole('main').innerText()).not.toMatch(RAW_KEY)

    // Every audit action offered by the filter has its text.
    await openPage(page, `/${locale}/app/settings`)
    const filter = page.locator('select[name="action"] option')
    // The activity section may render after the page's first paint: wait for its options rather than read none.
    await expect.poll(() => filter.count()).toBeGreaterThan(30)
    const options = await filter.allInnerTexts()
    expect(options.filter((text) => RAW_KEY.test(text))).toEqual([])
    expect(await page.getByRole('main').innerText()).not.toMatch(RAW_KEY)
    await context.close()
  })
}
