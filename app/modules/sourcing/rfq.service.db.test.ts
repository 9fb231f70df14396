import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { type NotificationKind } from '../kernel/index.server'
import { organizations } from '../companies/companies.tables.server'
import { notifications } from '../kernel/kernel.tables.server'
import { listBuyingRequests } from './public-requests.service.server'
import { BuyingRequestQuery, CreateRfqInput, RfqTransitionInput, UpdateRfqInput } from './rfq.inputs'
import {
  answerQuestion,
  askQuestion,
  closeExpiredRfqs,
  createRfq,
  declineRfq,
  getRfq,
  getRfqForSupplier,
  isQuotingOpen,
  listRfqInbox,
  listRfqs,
  transitionRfq,
  updateRfq,
} from './index.server'
import { getShortlist } from './shortlist.service.server'
import { purchaseProjects, requirements, rfqInvitations, rfqs } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>
/** A second buyer for RFQs written by the factory (its numbers would collide with the numbering of `cast.buyer`). */
let other: { company: { id: string }; ctx: ReturnType<typeof contextOf> }
const DAY = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString()

beforeAll(async () => {
  cast = await createSourcingCast()
  const member = await createMember({ companyInput: { kind: 'buyer', country: 'NL' } })
  other = { company: member.company, ctx: contextOf(member.user.id, member.company.id) }
})

const request = (overrides: Record<string, unknown> = {}) =>
  CreateRfqInput.parse({
    title: 'Lighting for the Rotterdam showroom',
    description: 'Warm white, CE marked.',
    quoteDeadline: inDays(7),
    currency: 'USD',
    incoterm: 'FOB',
    incotermPlace: 'Shenzhen',
    sealed: false,
    visibility: 'invited',
    supplierIds: cast.suppliers.map((supplier) => supplier.company.id),
    requirementIds: [],
    lines: [{ title: 'Track spotlight 20 W', quantity: 250, unit: 'pcs', targetUnitPrice: '9.5' }],
    attachmentFileIds: [],
    ...overrides,
  })

const step = async (id: string, action: string, extra: Record<string, unknown> = {}, now?: Date) => {
  const current = await getRfq(cast.buyer.ctx, id)
  return transitionRfq(cast.buyer.ctx, id, RfqTransitionInput.parse({ action, version: current.version, ...extra }), now)
}

const nameOf = async (companyId: string) =>
  (await database().select({ name: organizations.name }).from(organizations).where(eq(organizations.id, companyId)))[0]!.name
const noticesOf = async (companyId: string, kind: NotificationKind) =>
  database()
    .select()
    .from(notifications)
    .where(and(eq(notifications.organizationId, companyId), eq(notifications.kind, kind)))

describe('drafting an RFQ', () => {
  it('copies the chosen requirements into lines linked to them, numbers it and keeps it a draft', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const [panel, spot] = project.requirements
    const rfq = await createRfq(cast.buyer.ctx, request({ lines: [], requirementIds: [panel!.id, spot!.id] }))
    expect(rfq.number).toMatch(/^RFQ-\d{4}-\d{5}$/)
    expect(rfq.status).toBe('draft')
    expect(rfq.projectId).toBe(project.id)
    expect(rfq.lines.map((line) => [line.requirementId, line.title, line.quantity, line.unit, line.targetUnitPrice])).toEqual([
      [panel!.id, 'LED panel light 600×600', 400, 'pcs', '18.0000'],
      [spot!.id, 'Track spotlight 20 W', 250, 'pcs', '9.5000'],
    ])
    expect(rfq.invitees.map((invitee) => invitee.status)).toEqual(['invited', 'invited', 'invited'])
    // Suppliers never see a draft.
    await expect(getRfqForSupplier(cast.suppliers[0]!.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await listRfqInbox(cast.suppliers[0]!.ctx, { limit: 50, offset: 0 })).items.map((item) => item.id)).not.toContain(rfq.id)
  })

  it('puts suppliers invited from the search on the project’s shortlist, once (issue 16)', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const [panel] = project.requirements
    const [first, second] = cast.suppliers
    const rfq = await createRfq(cast.buyer.ctx, request({ lines: [], requirementIds: [panel!.id], supplierIds: [first!.company.id] }))
    expect((await getShortlist(cast.buyer.ctx, project.id)).entries.map((entry) => entry.supplierId)).toEqual([first!.company.id])
    await updateRfq(
      cast.buyer.ctx,
      rfq.id,
      UpdateRfqInput.parse({
        ...request({ lines: [], requirementIds: [panel!.id] }),
        quoteDeadline: inDays(8),
        supplierIds: [first!.company.id, second!.company.id],
        version: rfq.version,
      }),
    )
    expect((await getShortlist(cast.buyer.ctx, project.id)).entries.map((entry) => entry.supplierId).sort()).toEqual(
      [first!.company.id, second!.company.id].sort(),
    )
  })

  it('refuses a past deadline, the buyer itself, a non-supplier and another company’s requirement', async () => {
    const buyerOnly = await createMember({ companyInput: { kind: 'buyer' } })
    const foreign = await insertProject(cast.stranger.company.id)
    await expect(createRfq(cast.buyer.ctx, request({ quoteDeadline: inDays(-1) }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { quoteDeadline: ['validation.deadlinePast'] } },
    })
    await expect(createRfq(cast.buyer.ctx, request({ supplierIds: [cast.buyer.company.id, buyerOnly.company.id] }))).rejects.toMatchObject({
      details: { fields: { 'supplierIds.0': ['validation.ownCompany'], 'supplierIds.1': ['validation.supplier'] } },
    })
    await expect(createRfq(cast.buyer.ctx, request({ requirementIds: [foreign.requirements[0]!.id] }))).rejects.toMatchObject({
      details: { fields: { 'requirementIds.0': ['validation.requirement'] } },
    })
  })

  it('edits a draft by version and refuses to edit a sent RFQ', async () => {
    const rfq = await createRfq(cast.buyer.ctx, request())
    const input = (version: number) =>
      UpdateRfqInput.parse({
        ...request(),
        quoteDeadline: inDays(9),
        title: 'Lighting, second thoughts',
        supplierIds: [cast.suppliers[0]!.company.id],
        version,
      })
    const edited = await updateRfq(cast.buyer.ctx, rfq.id, input(rfq.version))
    expect(edited.title).toBe('Lighting, second thoughts')
    expect(edited.invitees).toHaveLength(1)
    await expect(updateRfq(cast.buyer.ctx, rfq.id, input(rfq.version))).rejects.toMatchObject({ code: 'stale_version' })
    await step(rfq.id, 'publish')
    const sent = await getRfq(cast.buyer.ctx, rfq.id)
    await expect(updateRfq(cast.buyer.ctx, rfq.id, input(sent.version))).rejects.toMatchObject({ code: 'invalid_transition' })
  })
})

describe('publishing and the deadline', () => {
  it('opens the RFQ, invites and notifies every supplier, marks requirements sent and the project sourcing', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const rfq = await createRfq(cast.buyer.ctx, request({ lines: [], requirementIds: project.requirements.slice(0, 2).map((row) => row.id) }))
    const published = await step(rfq.id, 'publish')
    expect(published.status).toBe('open')
    expect(published.publishedAt).not.toBeNull()
    expect(published.quotingOpen).toBe(true)
    for (const supplier of cast.suppliers) {
      const notices = await noticesOf(supplier.company.id, 'rfq.invited')
      expect(notices.some((notice) => notice.link === `/app/supplier/portal/rfq/${rfq.id}`)).toBe(true)
    }
    const statuses = await database()
      .select({ id: requirements.id, status: requirements.status })
      .from(requirements)
      .where(
        inArray(
          requirements.id,
          project.requirements.map((row) => row.id),
        ),
      )
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [project.requirements[0]!.id]: 'rfq_sent',
      [project.requirements[1]!.id]: 'rfq_sent',
      [project.requirements[2]!.id]: 'open',
    })
    const [row] = await database().select({ status: purchaseProjects.status }).from(purchaseProjects).where(eq(purchaseProjects.id, project.id))
    expect(row?.status).toBe('sourcing')
    await expect(step(rfq.id, 'publish')).rejects.toMatchObject({ code: 'invalid_transition' })
  })

  it('refuses to send an invited RFQ without invitees', async () => {
    const rfq = await createRfq(cast.buyer.ctx, request({ supplierIds: [] }))
    await expect(step(rfq.id, 'publish')).rejects.toMatchObject({ details: { fields: { supplierIds: ['validation.noSuppliers'] } } })
  })

  it('closes quoting at the deadline whatever the status, and the hourly job closes the RFQ', async () => {
    const { id } = await insertRfq(other.company.id, { supplierIds: [cast.suppliers[0]!.company.id], deadline: new Date(Date.now() - 60_000) })
    const before = await getRfq(other.ctx, id)
    expect(before.status).toBe('open')
    expect(before.quotingOpen).toBe(false)
    expect(isQuotingOpen({ status: 'open', quoteDeadline: new Date(Date.now() + DAY) })).toBe(true)
    expect(await closeExpiredRfqs()).toBeGreaterThanOrEqual(1)
    expect((await getRfq(other.ctx, id)).status).toBe('closed')
    await expect(askQuestion(cast.suppliers[0]!.ctx, id, { question: 'Is CE marking enough?' })).rejects.toMatchObject({ code: 'invalid_transition' })
  })

  it('closes early, extends to a later deadline (reopening it) and cancels with a reason the invitees hear', async () => {
    const rfq = await createRfq(cast.buyer.ctx, request({ supplierIds: [cast.suppliers[1]!.company.id] }))
    await step(rfq.id, 'publish')
    expect((await step(rfq.id, 'close')).status).toBe('closed')
    await expect(step(rfq.id, 'extend', { deadline: inDays(3) })).rejects.toMatchObject({ details: { fields: { deadline: ['validation.deadlineNotLater'] } } })
    const extended = await step(rfq.id, 'extend', { deadline: inDays(14) })
    expect(extended.status).toBe('open')
    expect(extended.quoteDeadline.getTime()).toBeGreaterThan(Date.now() + 13 * DAY)
    expect(RfqTransitionInput.safeParse({ action: 'cancel', version: 1, reason: '' }).error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: 'validation.reason',
    })
    const cancelled = await step(rfq.id, 'cancel', { reason: 'Budget withdrawn' })
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.statusReason).toBe('Budget withdrawn')
    const notices = await noticesOf(cast.suppliers[1]!.company.id, 'rfq.cancelled')
    expect(notices.some((notice) => notice.params.reason === 'Budget withdrawn')).toBe(true)
  })
})

describe('sealed bidding', () => {
  it('shows the buyer only counts before the deadline, never prices or who quoted, and everything after it', async () => {
    const [a, b] = cast.suppliers
    const rfq = await insertRfq(other.company.id, { sealed: true, supplierIds: [a!.company.id, b!.company.id], deadline: new Date(Date.now() + 2 * DAY) })
    await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '8617.2500' }])
    await insertQuotation(rfq.id, b!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '16.9000' }], { status: 'draft' })
    await database()
      .update(rfqInvitations)
      .set({ status: 'quoted', respondedAt: new Date() })
      .where(and(eq(rfqInvitations.rfqId, rfq.id), eq(rfqInvitations.supplierCompanyId, a!.company.id)))
    const sealed = await getRfq(other.ctx, rfq.id)
    expect(sealed.quotations).toEqual({ sealed: true, count: 1, items: null })
    expect(sealed.invitees.map((invitee) => invitee.status)).not.toContain('quoted')
    expect(JSON.stringify(sealed)).not.toContain('8617')
    expect((await listRfqs(other.ctx, { limit: 50, offset: 0 })).items.find((item) => item.id === rfq.id)?.quotationCount).toBe(1)
    // After the deadline the buyer sees received quotations (never the supplier's draft) with totals.
    const opened = await getRfq(other.ctx, rfq.id, new Date(Date.now() + 3 * DAY))
    expect(opened.quotations.sealed).toBe(false)
    expect(opened.quotations.items?.map((quote) => [quote.supplierName, quote.total])).toEqual([[await nameOf(a!.company.id), '3446900.0000']])
    expect(opened.invitees.find((invitee) => invitee.supplierCompanyId === a!.company.id)?.status).toBe('quoted')
    expect(opened.actions.extend).toBe(false)
  })
})

describe('the supplier side', () => {
  it('lets invitees read the RFQ (marking it viewed), ask questions every invitee sees without the asker, and decline', async () => {
    const [a, b] = cast.suppliers
    const rfq = await createRfq(cast.buyer.ctx, request({ supplierIds: [a!.company.id, b!.company.id] }))
    await step(rfq.id, 'publish')
    const view = await getRfqForSupplier(a!.ctx, rfq.id)
    expect(view.invitation.status).toBe('viewed')
    expect(view.lines).toHaveLength(1)
    expect(JSON.stringify(view)).not.toContain(await nameOf(b!.company.id))
    const asked = await askQuestion(a!.ctx, rfq.id, { question: 'Is a 3000 K colour temperature acceptable?' })
    const question = asked.questions[0]!
    expect(question.mine).toBe(true)
    expect((await noticesOf(cast.buyer.company.id, 'rfq.question')).length).toBeGreaterThan(0)
    const buyerView = await answerQuestion(cast.buyer.ctx, rfq.id, question.id, { answer: 'Yes, 3000 K or 4000 K.' })
    expect(buyerView.questions[0]).toMatchObject({ askedByCompanyName: await nameOf(a!.company.id), answer: 'Yes, 3000 K or 4000 K.' })
    const seenByB = await getRfqForSupplier(b!.ctx, rfq.id)
    expect(seenByB.questions).toEqual([
      expect.objectContaining({ question: 'Is a 3000 K colour temperature acceptable?', answer: 'Yes, 3000 K or 4000 K.', mine: false }),
    ])
    expect(JSON.stringify(seenByB.questions)).not.toContain(a!.company.id)
    expect((await noticesOf(b!.company.id, 'rfq.answer')).length).toBeGreaterThan(0)
    await expect(answerQuestion(cast.stranger.ctx, rfq.id, question.id, { answer: 'No' })).rejects.toMatchObject({ code: 'not_found' })

    const declined = await declineRfq(b!.ctx, rfq.id, 'Out of capacity until March')
    expect(declined.invitation.status).toBe('declined')
    await expect(declineRfq(b!.ctx, rfq.id, 'again')).rejects.toMatchObject({ code: 'invalid_transition' })
    expect((await getRfq(cast.buyer.ctx, rfq.id)).invitees.find((invitee) => invitee.supplierCompanyId === b!.company.id)).toMatchObject({
      status: 'declined',
      declineReason: 'Out of capacity until March',
    })
    expect((await noticesOf(cast.buyer.company.id, 'rfq.declined')).length).toBeGreaterThan(0)
    const inbox = await listRfqInbox(a!.ctx, { limit: 50, offset: 0 })
    expect(inbox.items.find((item) => item.id === rfq.id)).toMatchObject({ invitationStatus: 'viewed', quotingOpen: true })
  })

  it('hides an invited RFQ from suppliers not invited and every RFQ from other buyers', async () => {
    const rfq = await createRfq(cast.buyer.ctx, request({ supplierIds: [cast.suppliers[0]!.company.id] }))
    await step(rfq.id, 'publish')
    await expect(getRfqForSupplier(cast.stranger.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(askQuestion(cast.stranger.ctx, rfq.id, { question: 'May I quote as well?' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(declineRfq(cast.stranger.ctx, rfq.id, '')).rejects.toMatchObject({ code: 'not_found' })
    await expect(getRfq(cast.stranger.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getRfq(cast.suppliers[0]!.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(
      step(rfq.id, 'close').then(() => transitionRfq(cast.stranger.ctx, rfq.id, RfqTransitionInput.parse({ action: 'cancel', version: 3, reason: 'x' }))),
    ).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('public buying requests', () => {
  it('lists only open public requests with a future deadline, by title and category, showing the buyer’s country not its name', async () => {
    const tag = `Bamboo ${Date.now()}`
    const open = await insertRfq(other.company.id, { visibility: 'public' })
    const { id: openId } = open
    await database()
      .update(rfqs)
      .set({ title: `${tag} cutting boards` })
      .where(eq(rfqs.id, openId))
    const invited = await insertRfq(other.company.id, { visibility: 'invited' })
    const expired = await insertRfq(other.company.id, { visibility: 'public', deadline: new Date(Date.now() - 1000) })
    const draft = await insertRfq(other.company.id, { visibility: 'public', status: 'draft' })
    const board = await listBuyingRequests(BuyingRequestQuery.parse({ limit: 100 }), 'en')
    const ids = board.items.map((item) => item.id)
    expect(ids).toContain(openId)
    expect(ids).not.toContain(invited.id)
    expect(ids).not.toContain(expired.id)
    expect(ids).not.toContain(draft.id)
    const card = board.items.find((item) => item.id === openId)!
    expect(card).toMatchObject({ buyerCountry: 'NL', lineCount: 1, firstLine: { title: 'LED panel light 600×600', quantity: 400, unit: 'pcs' } })
    expect(JSON.stringify(card)).not.toContain(await nameOf(other.company.id))
    expect((await listBuyingRequests(BuyingRequestQuery.parse({ q: tag }), 'en')).items.map((item) => item.id)).toEqual([openId])
    expect((await listBuyingRequests(BuyingRequestQuery.parse({ category: 'no-such-category' }), 'en')).total).toBe(0)
  })

  it('lets a supplying company open a public request (joining it as viewed) but not a buyer-only company', async () => {
    const rfq = await insertRfq(other.company.id, { visibility: 'public' })
    const view = await getRfqForSupplier(cast.stranger.ctx, rfq.id)
    expect(view.invitation.status).toBe('viewed')
    expect((await listRfqInbox(cast.stranger.ctx, { limit: 50, offset: 0 })).items.map((item) => item.id)).toContain(rfq.id)
    const buyerOnly = await createMember({ companyInput: { kind: 'buyer' } })
    await expect(getRfqForSupplier(contextOf(buyerOnly.user.id, buyerOnly.company.id), rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getRfqForSupplier(other.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})
