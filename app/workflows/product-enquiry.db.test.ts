import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createProduct } from '../../db/factories/products'
import { createSourcingCast, insertProject } from '../../tests/factories/sourcing'
import { getPublicProduct } from '../modules/catalog/index.server'
import { getRequirement, getShortlist, openProjects, projectSummary } from '../modules/sourcing/index.server'
import { enquireAboutProduct, NEW_PROJECT } from './product-enquiry.server'

async function castWithProduct() {
  const cast = await createSourcingCast()
  const supplier = cast.suppliers[0]!
  const row = await createProduct({
    companyId: supplier.company.id,
    nameEn: 'Celadon tea cup 180 ml',
    descriptionEn: 'Hand-glazed stoneware.',
    moq: 300,
    unit: 'piece',
    hsCode: '691200',
  })
  const product = await getPublicProduct(row.id, 'en')
  if (!product) throw new Error('the product is not public')
  return { cast, supplier, product }
}

describe('enquireAboutProduct', () => {
  it('shortlists the supplier in the chosen project, and says so when it is there already', async () => {
    const { cast, supplier, product } = await castWithProduct()
    const project = await insertProject(cast.buyer.company.id, { requirements: [] })
    const first = await enquireAboutProduct(cast.buyer.ctx, product, { intent: 'shortlist', projectId: project.id })
    expect(first).toEqual({
      projectId: project.id,
      projectLabel: expect.stringMatching(/^PRJ-\S+ · Showroom lighting refresh$/),
      requirementId: null,
      alreadyShortlisted: false,
    })
    expect((await getShortlist(cast.buyer.ctx, project.id)).entries.map((entry) => entry.supplierId)).toEqual([supplier.company.id])
    const again = await enquireAboutProduct(cast.buyer.ctx, product, { intent: 'shortlist', projectId: project.id })
    expect(again.alreadyShortlisted).toBe(true)
  })

  it('requests a quotation in a new project named after the product, once per idempotency key', async () => {
    const { cast, supplier, product } = await castWithProduct()
    const key = { idempotencyKey: randomUUID() }
    const result = await enquireAboutProduct(cast.buyer.ctx, product, { intent: 'quotation', projectId: NEW_PROJECT }, key)
    const retried = await enquireAboutProduct(cast.buyer.ctx, product, { intent: 'quotation', projectId: NEW_PROJECT }, key)
    expect(retried).toEqual({ ...result, alreadyShortlisted: retried.alreadyShortlisted })
    const projects = await openProjects(cast.buyer.ctx)
    expect(projects.map((project) => project.name)).toEqual(['Celadon tea cup 180 ml'])
    expect(result.projectLabel).toBe(`${projects[0]!.number} · Celadon tea cup 180 ml`)
    const summary = await projectSummary(cast.buyer.ctx, result.projectId)
    expect(summary.requirements.map((requirement) => requirement.id)).toEqual([result.requirementId])
    expect(await getRequirement(cast.buyer.ctx, result.requirementId!)).toMatchObject({
      title: 'Celadon tea cup 180 ml',
      quantity: 300,
      unit: 'piece',
      hsCode: '691200',
      categoryId: 'mugs-cups',
    })
    expect((await getShortlist(cast.buyer.ctx, result.projectId)).entries.map((entry) => entry.supplierId)).toEqual([supplier.company.id])
  })

  it("refuses another company's project, and a company's own product", async () => {
    const { cast, supplier, product } = await castWithProduct()
    const theirs = await insertProject(cast.stranger.company.id, { requirements: [] })
    await expect(enquireAboutProduct(cast.buyer.ctx, product, { intent: 'shortlist', projectId: theirs.id })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { projectId: ['validation.project'] } },
    })
    await expect(enquireAboutProduct(supplier.ctx, product, { intent: 'quotation', projectId: NEW_PROJECT })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { supplierCompanyId: ['validation.ownCompany'] } },
    })
    expect(await openProjects(supplier.ctx)).toEqual([])
  })
})
