import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createPriceList, createProduct } from '../../../db/factories/products'
import { createUser } from '../../../db/factories/users'
import { createOrderParties, createShippingAddress, orderRequest } from '../../../tests/factories/orders'
import { insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import type { CompanyKind, MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { companyProfiles, organizations } from '../../modules/companies/companies.tables.server'
import { dismissGuide, membershipsOf, reopenGuide } from '../../modules/companies/index.server'
import { files } from '../../modules/kernel/kernel.tables.server'
import { CreatePurchaseOrderInput } from '../../modules/orders/index'
import { createPurchaseOrder } from '../../modules/orders/index.server'
import type { Guide, GuideStepId } from './guide-steps'
import { loadGuide, sidebarGuideProgress } from './guide.server'

const as = (ctx: ServiceContext, companyKind: CompanyKind, overrides: { contactVerified?: boolean; memberRole?: MemberRole } = {}): ServiceContext => ({
  ...ctx,
  actor: { ...ctx.actor, companyKind, ...overrides },
})
const ids = (guide: Guide) => guide.steps.map((step) => step.id)
const step = (guide: Guide, id: GuideStepId) => guide.steps.find((entry) => entry.id === id)
const done = (guide: Guide) => guide.steps.filter((entry) => entry.done).map((entry) => entry.id)
const guideStateOf = async (ctx: ServiceContext) => (await membershipsOf(ctx.actor.userId)).find((m) => m.companyId === ctx.actor.companyId)?.guide

async function completeProfile(companyId: string) {
  const logo = randomUUID()
  await database()
    .insert(files)
    .values({ id: logo, organizationId: companyId, name: 'logo.png', contentType: 'image/png', sizeBytes: 10, purpose: 'logo', storageKey: logo, sha256: 'x' })
  await database().update(organizations).set({ logoFileId: logo }).where(eq(organizations.id, companyId))
  await database()
    .update(companyProfiles)
    .set({ description: { en: 'We buy lighting for hotels.' } })
    .where(eq(companyProfiles.organizationId, companyId))
}

async function inviteColleague(companyId: string) {
  const colleague = await createUser()
  await addMember(companyId, colleague.id, 'member')
}

describe('getting-started guide', () => {
  it('walks a buyer from a new company to its first order, each step following what the company did', async () => {
    const parties = await createOrderParties()
    const buyer = parties.buyer
    const unverified = as(buyer.ctx, 'buyer', { contactVerified: false })

    const fresh = await loadGuide(unverified, 'open')
    expect(ids(fresh)).toEqual(['verifyContact', 'completeProfile', 'inviteColleague', 'createProject', 'sendRfq', 'awardOrder'])
    expect(done(fresh)).toEqual([])
    // The address the order cast gave the buyer is one part of the profile; the step points at the first part missing.
    expect(step(fresh, 'completeProfile')).toMatchObject({
      done: false,
      href: '/app/settings',
      parts: [
        { part: 'logo', done: false, href: '/app/settings' },
        { part: 'description', done: false, href: '/app/settings' },
        { part: 'address', done: true, href: '/app/settings/address' },
      ],
    })
    expect(step(fresh, 'createProject')?.href).toBe('/app/purchase/projects/create')

    const ctx = as(buyer.ctx, 'buyer')
    const project = await insertProject(buyer.company.id)
    await insertRfq(buyer.company.id, { projectId: project.id, status: 'draft' })
    // A draft RFQ is not sent.
    expect(done(await loadGuide(ctx, 'open'))).toEqual(['verifyContact', 'createProject'])

    await insertRfq(buyer.company.id, { projectId: project.id, supplierIds: [parties.supplier.company.id] })
    await createPurchaseOrder(buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: false })))
    // A draft order is not placed either.
    expect(done(await loadGuide(ctx, 'open'))).toEqual(['verifyContact', 'createProject', 'sendRfq'])
    await createPurchaseOrder(buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
    await completeProfile(buyer.company.id)
    await inviteColleague(buyer.company.id)

    const finished = await loadGuide(ctx, 'open')
    expect(finished).toMatchObject({ done: 6, total: 6, state: 'completed' })
    // Seen finished once, the guide leaves the member's sidebar for good: nothing is computed for it any more.
    expect(await guideStateOf(ctx)).toBe('completed')
    expect(await sidebarGuideProgress(ctx, 'completed')).toBeNull()
  })

  it('counts a supplier’s published products up to five and takes a submitted quotation as its first answer', async () => {
    const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier' } })
    const ctx = as(contextOf(user.id, company.id), 'supplier')

    const fresh = await loadGuide(ctx, 'open')
    expect(ids(fresh)).toEqual(['verifyContact', 'completeProfile', 'inviteColleague', 'applyVerification', 'publishProducts', 'createPriceList', 'answerRfq'])
    expect(step(fresh, 'publishProducts')).toMatchObject({ done: false, count: { done: 0, goal: 5 }, href: '/app/products/edit' })
    expect(step(fresh, 'applyVerification')?.href).toBe('/app/supplier/onboarding')
    expect(step(fresh, 'createPriceList')?.href).toBe('/app/price/new.list')
    expect(step(fresh, 'answerRfq')?.href).toBe('/app/supplier/portal')

    await database().update(companyProfiles).set({ verificationStatus: 'pending' }).where(eq(companyProfiles.organizationId, company.id))
    for (const n of [1, 2, 3]) await createProduct({ companyId: company.id, nameEn: `Celadon bowl ${n}` })
    await createProduct({ companyId: company.id, nameEn: 'Unreleased teapot', status: 'draft' })
    const three = await loadGuide(ctx, 'open')
    expect(step(three, 'applyVerification')?.done).toBe(true)
    expect(step(three, 'publishProducts')).toMatchObject({ done: false, count: { done: 3, goal: 5 }, href: '/app/products' })

    for (const n of [4, 5, 6]) await createProduct({ companyId: company.id, nameEn: `Celadon bowl ${n}` })
    // An inactive list is still a list created.
    await createPriceList({ companyId: company.id, isActive: false, lines: [] })
    const buyer = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
    const rfq = await insertRfq(buyer.company.id, { supplierIds: [company.id] })
    await insertQuotation(rfq.id, company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '17.5' }], { status: 'draft' })
    const drafted = await loadGuide(ctx, 'open')
    // Counted up to the goal only: a catalogue of thousands costs the same.
    expect(step(drafted, 'publishProducts')).toMatchObject({ done: true, count: { done: 5, goal: 5 } })
    expect(step(drafted, 'createPriceList')?.done).toBe(true)
    expect(step(drafted, 'answerRfq')?.done).toBe(false)

    const other = await insertRfq(buyer.company.id, { supplierIds: [company.id] })
    await insertQuotation(other.id, company.id, [{ rfqLineId: other.lines[0]!.id, unitPrice: '17.5' }])
    expect(step(await loadGuide(ctx, 'open'), 'answerRfq')?.done).toBe(true)
  })

  it('tells a plain member which steps their owners and admins take, and gives a service provider no catalogue steps', async () => {
    const owner = await createMember({ role: 'owner', companyInput: { kind: 'both' } })
    const colleague = await createMember({ role: 'member', company: owner.company })
    const member = await loadGuide(as(contextOf(colleague.user.id, owner.company.id, 'member'), 'both'), 'open')
    expect(ids(member)).toHaveLength(10)
    const needsAdmin = member.steps.filter((entry) => entry.needsAdmin).map((entry) => entry.id)
    expect(needsAdmin).toEqual(['completeProfile', 'inviteColleague', 'applyVerification', 'publishProducts', 'createPriceList'])
    // The owner invited them: done for the whole company.
    expect(step(member, 'inviteColleague')?.done).toBe(true)

    const provider = await createMember({ role: 'owner', companyInput: { kind: 'service_provider' } })
    const services = await loadGuide(as(contextOf(provider.user.id, provider.company.id), 'service_provider'), 'open')
    expect(ids(services)).toEqual(['verifyContact', 'completeProfile', 'inviteColleague', 'applyVerification', 'answerRfq'])
  })

  it('keeps the sidebar’s figure a minute, refreshed by the guide page, and shows none once dismissed until shown again', async () => {
    const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
    const ctx = as(contextOf(user.id, company.id), 'buyer')
    await createShippingAddress(company.id)
    expect(await guideStateOf(ctx)).toBe('open')
    expect(await sidebarGuideProgress(ctx, 'open')).toEqual({ done: 1, total: 6 })

    await insertProject(company.id)
    // Other pages read the cached figure: no step queries on every signed-in page.
    expect(await sidebarGuideProgress(ctx, 'open')).toEqual({ done: 1, total: 6 })
    // The guide page reads the steps fresh and stores its figure for the sidebar.
    expect((await loadGuide(ctx, 'open')).done).toBe(2)
    expect(await sidebarGuideProgress(ctx, 'open')).toEqual({ done: 2, total: 6 })

    await dismissGuide(ctx)
    expect(await guideStateOf(ctx)).toBe('dismissed')
    expect(await sidebarGuideProgress(ctx, 'dismissed')).toBeNull()
    // The page stays: it still shows the steps, and says the guide is hidden.
    expect(await loadGuide(ctx, 'dismissed')).toMatchObject({ state: 'dismissed', done: 2, total: 6 })
    // Dismissing is the member's own choice: a colleague's sidebar keeps the guide.
    const colleague = await createMember({ role: 'admin', company })
    expect(await guideStateOf(as(contextOf(colleague.user.id, company.id, 'admin'), 'buyer'))).toBe('open')

    await reopenGuide(ctx)
    expect(await guideStateOf(ctx)).toBe('open')
    expect(await sidebarGuideProgress(ctx, 'open')).toEqual({ done: 2, total: 6 })
  })

  it('shows no figure to someone acting without a company', async () => {
    const { user } = await createMember({ role: 'owner' })
    const base = contextOf(user.id, '')
    expect(await sidebarGuideProgress({ ...base, actor: { ...base.actor, companyId: null, memberRole: null } }, 'open')).toBeNull()
  })
})
