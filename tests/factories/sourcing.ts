import { randomUUID } from 'node:crypto'
import { purchaseProjects, quotationLines, quotations, requirements, rfqInvitations, rfqLines, rfqs } from '../../app/modules/sourcing/sourcing.tables.server'
import type { QuotationStatus, RfqStatus } from '../../app/modules/sourcing/index'
import type { Incoterm } from '../../app/platform/trade-terms'
import { database } from '../../app/platform/db/index.server'
import { createMember } from '../../db/factories/companies'
import { contextOf } from '../../db/factories/context'

/** Factory numbers never collide with the ones the services give (`PRJ-2026-00001`). */
const next = () => `T${randomUUID().slice(0, 8).toUpperCase()}`

/** A buyer company and three verified suppliers (and a stranger), each with an owner and a service context. */
export async function createSourcingCast() {
  const member = async (kind: 'buyer' | 'supplier' | 'both', name: string) => {
    const created = await createMember({ role: 'owner', companyInput: { kind, name, verificationStatus: kind === 'buyer' ? 'unverified' : 'accept' } })
    return { ...created, company: { id: created.company.id, name }, ctx: contextOf(created.user.id, created.company.id) }
  }
  return {
    buyer: await member('buyer', `Buyer ${randomUUID().slice(0, 6)}`),
    suppliers: [
      await member('supplier', `Supplier A ${randomUUID().slice(0, 6)}`),
      await member('supplier', `Supplier B ${randomUUID().slice(0, 6)}`),
      await member('both', `Supplier C ${randomUUID().slice(0, 6)}`),
    ],
    stranger: await member('both', `Stranger ${randomUUID().slice(0, 6)}`),
  }
}

/** A project of the company with requirements (quantity, unit, target price), written directly. */
export async function insertProject(
  companyId: string,
  input: {
    name?: string
    currency?: string
    budget?: string | null
    requirements?: Array<{
      title: string
      quantity: number
      unit?: string
      targetUnitPrice?: string | null
      hsCode?: string | null
      categoryId?: string | null
    }>
  } = {},
) {
  const id = randomUUID()
  await database()
    .insert(purchaseProjects)
    .values({
      id,
      organizationId: companyId,
      number: `PRJ-2026-${next()}`,
      name: input.name ?? 'Showroom lighting refresh',
      currency: input.currency ?? 'USD',
      budget: input.budget === undefined ? '50000' : input.budget,
      status: 'active',
    })
  const lines = input.requirements ?? [
    { title: 'LED panel light 600×600', quantity: 400, targetUnitPrice: '18' },
    { title: 'Track spotlight 20 W', quantity: 250, targetUnitPrice: '9.5' },
    { title: 'Emergency exit sign', quantity: 40, targetUnitPrice: '14' },
  ]
  const requirementRows = lines.map((line, position) => ({
    id: randomUUID(),
    organizationId: companyId,
    projectId: id,
    position,
    title: line.title,
    quantity: line.quantity,
    unit: line.unit ?? 'pcs',
    targetUnitPrice: line.targetUnitPrice ?? null,
    targetCurrency: input.currency ?? 'USD',
    hsCode: line.hsCode ?? null,
    categoryId: line.categoryId ?? null,
  }))
  if (requirementRows.length > 0) await database().insert(requirements).values(requirementRows)
  return { id, requirements: requirementRows }
}

/**
 * An RFQ of the company with one line per requirement (or the given lines), its suppliers invited. `deadline` defaults to
 * a week from now; pass a past date for an RFQ whose quoting is over.
 */
export async function insertRfq(
  companyId: string,
  input: {
    title?: string
    projectId?: string | null
    requirements?: Array<{ id: string; title: string; quantity: number; unit: string; targetUnitPrice: string | null }>
    supplierIds?: string[]
    status?: RfqStatus
    sealed?: boolean
    visibility?: 'invited' | 'public'
    deadline?: Date
    currency?: string
    incoterm?: Incoterm
  } = {},
) {
  const id = randomUUID()
  await database()
    .insert(rfqs)
    .values({
      id,
      organizationId: companyId,
      projectId: input.projectId ?? null,
      number: `RFQ-2026-${next()}`,
      title: input.title ?? 'Lighting for the Rotterdam showroom',
      status: input.status ?? 'open',
      visibility: input.visibility ?? 'invited',
      sealed: input.sealed ?? false,
      quoteDeadline: input.deadline ?? new Date(Date.now() + 7 * 86_400_000),
      currency: input.currency ?? 'USD',
      incoterm: input.incoterm ?? 'FOB',
      incotermPlace: 'Shenzhen',
      publishedAt: (input.status ?? 'open') === 'draft' ? null : new Date(),
    })
  const source = input.requirements ?? [{ id: null as unknown as string, title: 'LED panel light 600×600', quantity: 400, unit: 'pcs', targetUnitPrice: '18' }]
  const lines = source.map((requirement, position) => ({
    id: randomUUID(),
    rfqId: id,
    requirementId: requirement.id ?? null,
    position,
    title: requirement.title,
    quantity: requirement.quantity,
    unit: requirement.unit,
    targetUnitPrice: requirement.targetUnitPrice,
  }))
  await database().insert(rfqLines).values(lines)
  if (input.supplierIds?.length)
    await database()
      .insert(rfqInvitations)
      .values(input.supplierIds.map((supplierCompanyId) => ({ rfqId: id, supplierCompanyId })))
  return { id, lines }
}

// Quotations compare in the order they were submitted: two written within the same millisecond would tie (and then
// order by their random ids), so each is submitted at least a millisecond after the one before.
let lastSubmittedAt = 0

/** A supplier's quotation on an RFQ with a price per line (written directly; `submitted` by default). */
export async function insertQuotation(
  rfqId: string,
  supplierCompanyId: string,
  prices: Array<{ rfqLineId: string; unitPrice: string; moq?: number; leadTimeDays?: number }>,
  input: { status?: QuotationStatus; currency?: string; incoterm?: Incoterm; freightAmount?: string | null } = {},
) {
  const id = randomUUID()
  const status = input.status ?? 'submitted'
  await database()
    .insert(quotations)
    .values({
      id,
      rfqId,
      supplierCompanyId,
      status,
      revision: status === 'draft' ? 0 : 1,
      currency: input.currency ?? 'USD',
      incoterm: input.incoterm ?? 'FOB',
      incotermPlace: 'Shenzhen',
      freightAmount: input.freightAmount ?? null,
      paymentTerms: 'tt_30_70',
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      submittedAt: status === 'draft' ? null : new Date((lastSubmittedAt = Math.max(Date.now(), lastSubmittedAt + 1))),
    })
  await database()
    .insert(quotationLines)
    .values(
      prices.map((price) => ({
        id: randomUUID(),
        quotationId: id,
        rfqLineId: price.rfqLineId,
        unitPrice: price.unitPrice,
        moq: price.moq ?? 1,
        leadTimeDays: price.leadTimeDays ?? 30,
      })),
    )
  return { id }
}
