// The product page's "Add to shortlist" and "Request a quotation" as React Router calls the action: one idempotency key
// per page load covers both buttons, so asking for a quotation right after shortlisting (before the page fetched a fresh
// key) is a new request, and a retry of either replays.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createProduct } from '../../../db/factories/products'
import { createSourcingCast, insertProject } from '../../../tests/factories/sourcing'
import { memberPageContext } from '../../../tests/support/page-context'
import { getShortlist, openProjects } from '../../modules/sourcing/index.server'
import { action } from './product'

type ActionArgs = Parameters<typeof action>[0]

async function buyerOnProductPage() {
  const cast = await createSourcingCast()
  const supplier = cast.suppliers[0]!
  const product = await createProduct({ companyId: supplier.company.id, nameEn: 'Celadon tea cup 180 ml', moq: 300, unit: 'piece' })
  const project = await insertProject(cast.buyer.company.id, { requirements: [] })
  const context = await memberPageContext(cast.buyer)
  const submit = (fields: Record<string, string>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    const request = new Request(`http://localhost/en/b2b/product/${product.id}`, { method: 'POST', body: form })
    return action({ request, params: { lang: 'en', id: product.id }, context } as unknown as ActionArgs)
  }
  return { cast, supplier, project, submit }
}

describe('the product page action', () => {
  it('takes "Request a quotation" after "Add to shortlist" with the same page key, and replays each on a retry', async () => {
    const { cast, supplier, project, submit } = await buyerOnProductPage()
    const idempotencyKey = randomUUID()

    const shortlisted = await submit({ idempotencyKey, intent: 'shortlist', projectId: project.id })
    expect(shortlisted).toMatchObject({ ok: true, intent: 'shortlist', projectId: project.id, alreadyShortlisted: false })
    expect((await getShortlist(cast.buyer.ctx, project.id)).entries.map((entry) => entry.supplierId)).toEqual([supplier.company.id])

    const asked = await submit({ idempotencyKey, intent: 'quotation', projectId: 'new' })
    expect(asked).toBeInstanceOf(Response)
    const location = (asked as Response).headers.get('Location') ?? ''
    expect(location).toMatch(/^\/en\/app\/sourcing\/rfq\?new=1&project=[\w-]+&requirement=[\w-]+&supplier=[\w-]+$/)

    // A retry of the quotation (a double click, a lost answer) lands on the same project and requirement, creating nothing.
    const retried = await submit({ idempotencyKey, intent: 'quotation', projectId: 'new' })
    expect((retried as Response).headers.get('Location')).toBe(location)
    const projects = (await openProjects(cast.buyer.ctx)).map((open) => open.id)
    expect(projects).toHaveLength(2)
    expect(projects).toContain(project.id)

    // Shortlisting again with the page's key replays the first answer.
    expect(await submit({ idempotencyKey, intent: 'shortlist', projectId: project.id })).toMatchObject({ ok: true, projectId: project.id })
  })
})
