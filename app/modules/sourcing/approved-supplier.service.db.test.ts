import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createSourcingCast } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { organizations } from '../companies/companies.tables.server'
import { files } from '../kernel/kernel.tables.server'
import { eq } from 'drizzle-orm'
import { AddApprovedSupplierInput, ApprovedListQuery, UpdateApprovedSupplierInput } from './approved-supplier.inputs'
import {
  addApprovedSupplier,
  approvalStatusesOf,
  listApprovedSuppliers,
  removeApprovedSupplier,
  updateApprovedSupplier,
} from './approved-supplier.service.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

async function insertFile(companyId: string, purpose: 'attachment' | 'certification' | 'logo', name = 'audit.pdf') {
  const id = randomUUID()
  await database()
    .insert(files)
    .values({ id, organizationId: companyId, name, contentType: 'application/pdf', sizeBytes: 10, purpose, storageKey: id, sha256: 'x' })
  return id
}

const add = (input: Record<string, unknown>) => addApprovedSupplier(cast.buyer.ctx, AddApprovedSupplierInput.parse(input))
const list = (query: Record<string, unknown> = {}) => listApprovedSuppliers(cast.buyer.ctx, ApprovedListQuery.parse(query))

describe('approved-supplier list', () => {
  it('keeps suppliers as approved, on trial or blocked, with notes and documents, filtered and counted per status', async () => {
    const [a, b, c] = cast.suppliers
    const certificate = await insertFile(cast.buyer.company.id, 'certification', 'ISO 9001 audit.pdf')
    const approved = await add({ supplierCompanyId: a!.company.id, status: 'approved', note: 'Audited 2026', documentFileIds: [certificate] })
    expect(approved).toMatchObject({ status: 'approved', note: 'Audited 2026', verified: true, documents: [{ id: certificate, name: 'ISO 9001 audit.pdf' }] })
    await add({ supplierCompanyId: b!.company.id, status: 'trial' })
    await add({ supplierCompanyId: c!.company.id, status: 'blocked', note: 'Late twice' })
    const all = await list()
    expect(all.total).toBe(3)
    expect(all.counts).toEqual({ approved: 1, trial: 1, blocked: 1 })
    expect((await list({ status: 'blocked' })).items.map((item) => item.supplierId)).toEqual([c!.company.id])
    expect(
      (
        await list({
          q: (await database().select({ name: organizations.name }).from(organizations).where(eq(organizations.id, b!.company.id)))[0]!.name
            .slice(0, 10)
            .toLowerCase(),
        })
      ).items.map((item) => item.supplierId),
    ).toEqual([b!.company.id])

    const promoted = await updateApprovedSupplier(
      cast.buyer.ctx,
      b!.company.id,
      UpdateApprovedSupplierInput.parse({ status: 'approved', note: 'Trial order passed' }),
    )
    expect(promoted).toMatchObject({ status: 'approved', note: 'Trial order passed', updatedByName: cast.buyer.user.name })
    await removeApprovedSupplier(cast.buyer.ctx, c!.company.id)
    const statuses = await approvalStatusesOf(database(), cast.buyer.company.id, [a!.company.id, b!.company.id, c!.company.id])
    expect(Object.fromEntries(statuses)).toEqual({ [a!.company.id]: 'approved', [b!.company.id]: 'approved' })
  })

  it('refuses a supplier listed twice, a non-supplier, and documents that are not the buyer’s attachments or certificates', async () => {
    const buyerCtx = cast.stranger.ctx
    const [a, b] = cast.suppliers
    await addApprovedSupplier(buyerCtx, AddApprovedSupplierInput.parse({ supplierCompanyId: a!.company.id, status: 'trial' }))
    await expect(addApprovedSupplier(buyerCtx, AddApprovedSupplierInput.parse({ supplierCompanyId: a!.company.id, status: 'approved' }))).rejects.toMatchObject(
      { code: 'conflict' },
    )
    const buyerOnly = await createCompany({ kind: 'buyer' })
    await expect(addApprovedSupplier(buyerCtx, AddApprovedSupplierInput.parse({ supplierCompanyId: buyerOnly.id, status: 'approved' }))).rejects.toMatchObject({
      details: { fields: { supplierCompanyId: ['validation.supplier'] } },
    })
    const someoneElses = await insertFile(cast.buyer.company.id, 'attachment')
    const logo = await insertFile(cast.stranger.company.id, 'logo')
    const own = await insertFile(cast.stranger.company.id, 'attachment')
    await expect(
      addApprovedSupplier(
        buyerCtx,
        AddApprovedSupplierInput.parse({ supplierCompanyId: b!.company.id, status: 'approved', documentFileIds: [own, someoneElses, logo] }),
      ),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { 'documentFileIds.1': ['validation.document'], 'documentFileIds.2': ['validation.document'] } },
    })
    expect(AddApprovedSupplierInput.safeParse({ supplierCompanyId: b!.company.id, status: 'preferred' }).success).toBe(false)
  })

  it('answers not found for a supplier that is not on the caller’s own list', async () => {
    const other = await createSourcingCast()
    const [a] = other.suppliers
    await addApprovedSupplier(other.buyer.ctx, AddApprovedSupplierInput.parse({ supplierCompanyId: a!.company.id, status: 'approved' }))
    const outsider = cast.buyer.ctx
    await expect(updateApprovedSupplier(outsider, a!.company.id, UpdateApprovedSupplierInput.parse({ status: 'blocked' }))).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(removeApprovedSupplier(outsider, a!.company.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await listApprovedSuppliers(other.buyer.ctx, ApprovedListQuery.parse({}))).items.map((item) => item.status)).toEqual(['approved'])
  })
})
