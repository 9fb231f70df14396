// Plan limits where they bite (issue 24, ADR 051), on the real services and both databases: each counted thing is refused
// at its service with 402 once the company's plan is full, two concurrent creates at the limit never both pass, and a
// refused action writes nothing.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../db/factories/companies'
import { contextOf } from '../../db/factories/context'
import { createProduct } from '../../db/factories/products'
import { createUser } from '../../db/factories/users'
import { platformAdmin } from '../../tests/factories/finance'
import { createSourcingCast, insertRfq } from '../../tests/factories/sourcing'
import { pdfBytes } from '../../tests/support/file-fixtures'
import type { ServiceContext } from '../platform/actor'
import { database } from '../platform/db/index.server'
import { AppError } from '../platform/errors'
import { beginTurn, createThread } from '../modules/assistant/index.server'
import { assignPlan, createPlan, planUsage } from '../modules/billing/index.server'
import { CreatePlanInput, type PlanLimit } from '../modules/billing/index'
import { products } from '../modules/catalog/catalog.tables.server'
import { quickEditProduct, setProductStatus } from '../modules/catalog/index.server'
import { acceptInvitationById, createInvitation } from '../modules/companies/index.server'
import { uploadFile } from '../modules/kernel/index.server'
import { getRfq, transitionRfq } from '../modules/sourcing/index.server'
import { RfqTransitionInput } from '../modules/sourcing/index'

let admin: ServiceContext

/** A plan of its own for one test: no limits but the ones given. */
async function planWith(
  limits: Partial<Record<'maxMembers' | 'maxPublishedProducts' | 'maxRfqsPerMonth' | 'maxAssistantRequestsPerMonth' | 'maxStorageMb', number>>,
) {
  const id = `limits-${randomUUID().slice(0, 8)}`
  await createPlan(
    admin,
    CreatePlanInput.parse({
      id,
      name: { en: 'Tight', 'zh-Hans': '紧凑版', 'zh-Hant': '緊湊版' },
      description: { en: 'Small limits.', 'zh-Hans': '上限很小。', 'zh-Hant': '上限很小。' },
      currency: 'USD',
      monthlyPrice: '0',
      yearlyPrice: '0',
      maxMembers: null,
      maxPublishedProducts: null,
      maxRfqsPerMonth: null,
      maxAssistantRequestsPerMonth: null,
      maxApiCallsPerDay: null,
      maxStorageMb: null,
      ...limits,
      features: [],
      position: 900,
    }),
  )
  return id
}

async function onPlan(companyId: string, limits: Parameters<typeof planWith>[0]) {
  await assignPlan(admin, companyId, { planId: await planWith(limits), period: 'monthly' })
}

/** The 402 of a create past the limit, with what it names. */
async function limitError(run: Promise<unknown>, key: PlanLimit) {
  const error = await run.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ code: 'plan_limit_reached', status: 402, details: { key, upgrade: '/app/settings/plan' } })
  return error as AppError
}

/** Of two concurrent attempts, exactly one passed and the other was refused for `key`. */
async function onlyOnePasses(attempts: Array<Promise<unknown>>, key: PlanLimit) {
  const settled = await Promise.allSettled(attempts)
  expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  const [refused] = settled.filter((result) => result.status === 'rejected')
  expect(refused?.reason).toMatchObject({ code: 'plan_limit_reached', details: { key } })
}

beforeAll(async () => {
  admin = await platformAdmin()
})

describe('RFQs a month', () => {
  it('sends RFQs up to the limit; of two sent at once at the limit one passes; the refused one stays a draft', async () => {
    const cast = await createSourcingCast()
    await onPlan(cast.buyer.company.id, { maxRfqsPerMonth: 2 })
    const draft = async () =>
      (await insertRfq(cast.buyer.company.id, { status: 'draft', supplierIds: cast.suppliers.map((supplier) => supplier.company.id) })).id
    const publish = async (id: string) =>
      transitionRfq(cast.buyer.ctx, id, RfqTransitionInput.parse({ action: 'publish', version: (await getRfq(cast.buyer.ctx, id)).version }))
    const ids = await Promise.all([draft(), draft(), draft()])
    await publish(ids[0]!)
    await onlyOnePasses([publish(ids[1]!), publish(ids[2]!)], 'rfqs_per_month')
    const statuses = await Promise.all(ids.map(async (id) => (await getRfq(cast.buyer.ctx, id)).status))
    expect(statuses.filter((status) => status === 'draft')).toHaveLength(1)
    const refused = await limitError(publish(ids[statuses.indexOf('draft')]!), 'rfqs_per_month')
    expect(refused.details).toMatchObject({ limit: 2, usage: 2 })
    expect(await planUsage(cast.buyer.ctx)).toMatchObject({ rfqs_per_month: 2 })
  })
})

describe('published products', () => {
  it('refuses a bulk publish that would pass the limit as a whole, and one of two quick edits at the limit', async () => {
    const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
    const ctx = { ...contextOf(user.id, company.id), actor: { ...contextOf(user.id, company.id).actor, companyKind: 'supplier' as const } }
    await onPlan(company.id, { maxPublishedProducts: 3 })
    const made = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((sku) => createProduct({ companyId: company.id, nameEn: `Mug ${sku}`, sku, status: 'draft' })))
    const ids = made.map((product) => product.id)
    await limitError(setProductStatus(ctx, { ids: ids.slice(0, 4), status: 'published' }), 'published_products')
    const published = async () =>
      (
        await database()
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.organizationId, company.id), eq(products.status, 'published')))
      ).length
    expect(await published()).toBe(0)
    expect(await setProductStatus(ctx, { ids: ids.slice(0, 2), status: 'published' })).toEqual({ updated: 2 })
    // Publishing what is already published adds nothing.
    expect(await setProductStatus(ctx, { ids: ids.slice(0, 2), status: 'published' })).toEqual({ updated: 0 })
    await onlyOnePasses(
      [quickEditProduct(ctx, ids[2]!, { status: 'published', version: 1 }), quickEditProduct(ctx, ids[3]!, { status: 'published', version: 1 })],
      'published_products',
    )
    expect(await published()).toBe(3)
    expect(await planUsage(ctx)).toMatchObject({ published_products: 3 })
  })
})

describe('members', () => {
  it('counts open invitations as seats, and refuses a member past the limit when an invitation is accepted', async () => {
    const { user, company } = await createMember({ role: 'owner' })
    const owner = contextOf(user.id, company.id)
    await onPlan(company.id, { maxMembers: 2 })
    const invite = (email: string) => createInvitation(owner, { email, role: 'member' })
    await onlyOnePasses([invite(`a-${randomUUID().slice(0, 6)}@example.com`), invite(`b-${randomUUID().slice(0, 6)}@example.com`)], 'members')
    expect(await planUsage(owner)).toMatchObject({ members: 1 })

    // A company that was on a bigger plan has an invitation out when it moves to one seat: accepting it is refused.
    const other = await createMember({ role: 'owner' })
    const otherOwner = contextOf(other.user.id, other.company.id)
    const invitee = await createUser()
    const invitation = await createInvitation(otherOwner, { email: invitee.email, role: 'member' })
    await onPlan(other.company.id, { maxMembers: 1 })
    await limitError(
      acceptInvitationById({ ...contextOf(invitee.id, ''), actor: { ...contextOf(invitee.id, '').actor, companyId: null, memberRole: null } }, invitation.id),
      'members',
    )
    expect(await planUsage(otherOwner)).toMatchObject({ members: 1 })
  })
})

describe('assistant requests a month', () => {
  it('stores questions up to the limit; of two asked at once at the limit one is stored', async () => {
    const { user, company } = await createMember({ role: 'owner' })
    const ctx = contextOf(user.id, company.id)
    await onPlan(company.id, { maxAssistantRequestsPerMonth: 2 })
    const thread = await createThread(ctx, { kind: 'sourcing' })
    await beginTurn(ctx, thread.id, 'sourcing', { content: 'Who makes porcelain mugs?' })
    await onlyOnePasses(
      [beginTurn(ctx, thread.id, 'sourcing', { content: 'And in Jingdezhen?' }), beginTurn(ctx, thread.id, 'sourcing', { content: 'What MOQ?' })],
      'assistant_requests_per_month',
    )
    expect(await planUsage(ctx)).toMatchObject({ assistant_requests_per_month: 2 })
  })
})

describe('storage', () => {
  it('keeps uploads within the plan’s megabytes; of two at once at the limit one is stored', async () => {
    const { user, company } = await createMember({ role: 'owner' })
    const ctx = contextOf(user.id, company.id)
    await onPlan(company.id, { maxStorageMb: 1 })
    const pdf = pdfBytes()
    // Padding after %%EOF keeps it a PDF; 600 kB each: one fits in 1 MB, two do not.
    const big = new Uint8Array(600 * 1024)
    big.set(pdf)
    const upload = (name: string) => uploadFile(ctx, { purpose: 'attachment', name, bytes: big })
    await onlyOnePasses([upload('a.pdf'), upload('b.pdf')], 'storage_bytes')
    expect(await planUsage(ctx)).toMatchObject({ storage_bytes: big.byteLength })
  })
})
