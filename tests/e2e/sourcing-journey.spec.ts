import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, signedInContext } from './support/helpers'
import { api } from './support/sourcing-api'

// Issue 16, buyer sourcing without dead ends: the project page leads to suppliers and to an RFQ, the RFQ form starts
// titled after the project and invites suppliers found by search (who join the shortlist), a draft says it is not
// sent (never "Quoting is closed"), and the category is a searchable choice.
test('from a project to an RFQ inviting a supplier found by search, who joins the shortlist', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  const project = await api(context.request, 'post', '/projects', {
    name: `Lobby lighting ${Date.now()}`,
    description: '',
    currency: 'USD',
    budget: '12000',
    deadline: null,
  })
  await api(context.request, 'post', '/requirements', {
    project_id: project.id,
    title: 'Brass wall sconce',
    specification: '',
    category_id: null,
    hs_code: null,
    quantity: 40,
    unit: 'pcs',
    target_unit_price: '35',
    target_currency: 'USD',
    required_by: null,
    destination: 'Hong Kong',
    attachment_file_ids: [],
  })

  await openPage(page, `/en/app/purchase/projects/view/${project.id}`)
  await expect(page.getByRole('main').getByRole('link', { name: 'Find suppliers' })).toHaveAttribute('href', `/en/app/sourcing/find?project=${project.id}`)
  await page.getByRole('main').getByRole('link', { name: 'Send an RFQ' }).click()
  await expect(page).toHaveURL(new RegExp(`/en/app/sourcing/rfq\\?new=1&project=${project.id}$`))
  await expect(page.getByLabel('Title')).toHaveValue(project.name)
  await expect(page.getByText('No supplier on the project’s shortlist yet: search for suppliers below.')).toBeVisible()

  const found = (await api(context.request, 'get', '/supplier-search?q=Co')).items as Array<{ id: string; name: string }>
  const supplier = found.find((candidate) => !candidate.name.startsWith('Bamboo'))
  expect(supplier, 'a marketplace supplier to invite').toBeTruthy()
  const search = page.getByRole('combobox', { name: 'Invite other suppliers' })
  await search.fill(supplier!.name.slice(0, 12))
  await page
    .getByRole('option', { name: new RegExp(supplier!.name.slice(0, 12)) })
    .first()
    .click()
  await expect(page.getByRole('main')).not.toContainText('selector.')
  await search.press('Escape')
  await expectNoSeriousViolations(page)
  await page.getByLabel('Named place').fill('Ningbo')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/en\/app\/sourcing\/rfq\/[\w-]+/)
  await expect(page.getByRole('main')).toContainText('Not sent yet: suppliers can quote once you send it')
  await expect(page.getByRole('main')).not.toContainText('Quoting is closed')

  await openPage(page, `/en/app/sourcing/selected?project=${project.id}`)
  await expect(page.getByRole('main')).toContainText(supplier!.name)
  await context.close()
})

test('a requirement’s category is chosen by typing, in Chinese too', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  await openPage(page, '/zh-Hans/app/purchase/projects/requirements/create')
  const category = page.getByRole('combobox', { name: '类目' })
  await category.click()
  const popover = page.getByRole('dialog', { name: '搜索类目' })
  await popover.getByRole('combobox').fill('灯')
  const option = popover.getByRole('option').first()
  await expect(option).toBeVisible()
  const chosen = (await option.textContent()) ?? ''
  await option.click()
  await expect(category).toContainText(chosen.trim())
  await context.close()
})
