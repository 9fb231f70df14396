import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { createSourcingCast, insertProject } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { organizations } from '../companies/companies.tables.server'
import { addApprovedSupplier } from './approved-supplier.service.server'
import { AddApprovedSupplierInput } from './approved-supplier.inputs'
import { SupplierFinderQuery } from './shortlist.inputs'
import { addManyToShortlist, addToShortlist, getShortlist, removeFromShortlist, setShortlistNote } from './shortlist.service.server'
import { findSuppliers, searchSupplierOptions, titleKeywords } from './supplier-finder.service.server'
import { projectEvents, purchaseProjects } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

/** A factory company's name (the factory types it as an id only). */
const nameOf = async (id: string) => (await database().select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id)))[0]!.name

const eventsOf = async (projectId: string) =>
  (await database().select({ type: projectEvents.type, data: projectEvents.data }).from(projectEvents).where(eq(projectEvents.projectId, projectId))).map(
    (event) => event.type,
  )

describe('project shortlist', () => {
  it('adds, notes and removes suppliers, with a timeline event for each change', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const [a, b] = cast.suppliers
    const entry = await addToShortlist(cast.buyer.ctx, project.id, { supplierCompanyId: a!.company.id, note: 'Fast quotes' })
    expect(entry).toMatchObject({ supplierId: a!.company.id, note: 'Fast quotes', verified: true, approval: null })
    expect(await addManyToShortlist(cast.buyer.ctx, project.id, [a!.company.id, b!.company.id])).toEqual([b!.company.id])
    const noted = await setShortlistNote(cast.buyer.ctx, project.id, b!.company.id, { note: 'Ask for UL certificates' })
    expect(noted.note).toBe('Ask for UL certificates')
    await removeFromShortlist(cast.buyer.ctx, project.id, a!.company.id)
    const shortlist = await getShortlist(cast.buyer.ctx, project.id)
    expect(shortlist.entries.map((item) => [item.supplierId, item.note])).toEqual([[b!.company.id, 'Ask for UL certificates']])
    expect((await eventsOf(project.id)).sort()).toEqual(['shortlist_added', 'shortlist_added', 'shortlist_noted', 'shortlist_removed'])
  })

  it('refuses a supplier twice, a company that does not supply, the buyer itself and a blocked supplier', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const [a, b] = cast.suppliers
    await addToShortlist(cast.buyer.ctx, project.id, { supplierCompanyId: a!.company.id, note: '' })
    await expect(addToShortlist(cast.buyer.ctx, project.id, { supplierCompanyId: a!.company.id, note: '' })).rejects.toMatchObject({ code: 'conflict' })
    const buyerOnly = await createCompany({ kind: 'buyer' })
    await expect(addToShortlist(cast.buyer.ctx, project.id, { supplierCompanyId: buyerOnly.id, note: '' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { supplierCompanyId: ['validation.supplier'] } },
    })
    await expect(addToShortlist(cast.buyer.ctx, project.id, { supplierCompanyId: cast.buyer.company.id, note: '' })).rejects.toMatchObject({
      details: { fields: { supplierCompanyId: ['validation.ownCompany'] } },
    })
    await addApprovedSupplier(cast.buyer.ctx, AddApprovedSupplierInput.parse({ supplierCompanyId: b!.company.id, status: 'blocked', note: 'Failed audit' }))
    await expect(addToShortlist(cast.buyer.ctx, project.id, { supplierCompanyId: b!.company.id, note: '' })).rejects.toMatchObject({
      details: { fields: { supplierCompanyId: ['validation.blockedSupplier'] } },
    })
    expect((await getShortlist(cast.buyer.ctx, project.id)).entries).toHaveLength(1)
  })

  it('answers not found for another buyer’s project, and keeps a finished project’s shortlist as it is', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const [a] = cast.suppliers
    await addToShortlist(cast.buyer.ctx, project.id, { supplierCompanyId: a!.company.id, note: '' })
    const other = cast.stranger.ctx
    await expect(getShortlist(other, project.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(addToShortlist(other, project.id, { supplierCompanyId: cast.suppliers[1]!.company.id, note: '' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(setShortlistNote(other, project.id, a!.company.id, { note: 'mine' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(removeFromShortlist(other, project.id, a!.company.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(removeFromShortlist(cast.buyer.ctx, project.id, randomUUID())).rejects.toMatchObject({ code: 'not_found' })
    await database()
      .update(purchaseProjects)
      .set({ status: 'closed' })
      .where(and(eq(purchaseProjects.id, project.id)))
    await expect(removeFromShortlist(cast.buyer.ctx, project.id, a!.company.id)).rejects.toMatchObject({ code: 'invalid_transition' })
    const shortlist = await getShortlist(cast.buyer.ctx, project.id)
    expect(shortlist.project.editable).toBe(false)
    expect(shortlist.entries).toHaveLength(1)
  })
})

describe('supplier finder', () => {
  it('matches a requirement by category, HS heading and title words, verified first, then by matching products', async () => {
    const [a, b, c] = cast.suppliers
    const unverified = await createCompany({ kind: 'supplier', name: 'Unverified Lamps', verificationStatus: 'unverified' })
    // a: one product in a subcategory of lighting; b: two (one only by HS heading); c: mugs only; unverified: three.
    await createProduct({ companyId: a!.company.id, nameEn: 'LED bulb E27', categoryId: 'led-bulbs', hsCode: '940511' })
    await createProduct({ companyId: b!.company.id, nameEn: 'Street light', categoryId: 'outdoor-lighting', hsCode: '940541' })
    await createProduct({ companyId: b!.company.id, nameEn: 'Desk organiser', categoryId: 'mugs-cups', hsCode: '940521' })
    await createProduct({ companyId: c!.company.id, nameEn: 'Ceramic mug', categoryId: 'mugs-cups', hsCode: '691200' })
    await createProduct({ companyId: c!.company.id, nameEn: 'Draft lamp', categoryId: 'led-bulbs', hsCode: '940511', status: 'draft' })
    for (const name of ['Panel A', 'Panel B', 'Panel C'])
      await createProduct({ companyId: unverified.id, nameEn: name, categoryId: 'commercial-lighting', hsCode: null })
    const project = await insertProject(cast.buyer.company.id, {
      requirements: [{ title: 'Warehouse high bay lights', quantity: 50, categoryId: 'lighting', hsCode: '940511' }],
    })
    const requirementId = project.requirements[0]!.id
    const page = await findSuppliers(cast.buyer.ctx, SupplierFinderQuery.parse({ requirement: requirementId }))
    expect(page.requirement).toMatchObject({ categoryId: 'lighting', hsPrefix: '9405', keywords: ['warehouse', 'high', 'bay', 'lights'] })
    expect(page.items.map((item) => [item.name, item.verified, item.matchingProducts])).toEqual([
      [await nameOf(b!.company.id), true, 2],
      [await nameOf(a!.company.id), true, 1],
      ['Unverified Lamps', false, 3],
    ])
    expect(page.total).toBe(3)
    const verifiedOnly = await findSuppliers(cast.buyer.ctx, SupplierFinderQuery.parse({ requirement: requirementId, verified: 'true' }))
    expect(verifiedOnly.items.map((item) => item.id)).toEqual([b!.company.id, a!.company.id])
    await expect(findSuppliers(cast.stranger.ctx, SupplierFinderQuery.parse({ requirement: requirementId }))).rejects.toMatchObject({ code: 'not_found' })
  })

  it('lists supplying companies without a requirement and flags the buyer’s blocked suppliers in the finder and the selector', async () => {
    const [, , c] = cast.suppliers
    const name = await nameOf(c!.company.id)
    await addApprovedSupplier(cast.buyer.ctx, AddApprovedSupplierInput.parse({ supplierCompanyId: c!.company.id, status: 'blocked' }))
    const page = await findSuppliers(cast.buyer.ctx, SupplierFinderQuery.parse({ q: name }))
    expect(page.items).toEqual([expect.objectContaining({ id: c!.company.id, approval: 'blocked', matchingProducts: null })])
    const options = await searchSupplierOptions(cast.buyer.ctx, { q: name.slice(0, 12), limit: 10 })
    expect(options.find((option) => option.id === c!.company.id)?.approval).toBe('blocked')
    // Another buyer's list is its own.
    const theirs = await searchSupplierOptions(cast.stranger.ctx, { q: name, limit: 10 })
    expect(theirs.find((option) => option.id === c!.company.id)?.approval).toBeNull()
    // The searching company never finds itself.
    expect((await searchSupplierOptions(cast.stranger.ctx, { q: 'Stranger', limit: 10 })).map((option) => option.id)).not.toContain(cast.stranger.company.id)
  })

  it('takes title words of three letters or more (Chinese runs of two), without stop words or numbers', () => {
    expect(titleKeywords('LED panel light 600×600 for the lobby')).toEqual(['led', 'panel', 'light', 'lobby'])
    expect(titleKeywords('陶瓷 mug 2x')).toEqual(['陶瓷', 'mug'])
  })
})
