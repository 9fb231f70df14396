import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { organizations } from '../companies/companies.tables.server'
import { CreateProjectInput, ProjectListQuery } from './project.inputs'
import { advanceProject, createProject, getProject, listProjects, projectSummary, transitionProject, updateProject } from './project.service.server'
import { projectEvents, requirements, rfqAwards } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

const nameOf = async (companyId: string) =>
  (await database().select({ name: organizations.name }).from(organizations).where(eq(organizations.id, companyId)))[0]?.name

const create = (overrides: Record<string, unknown> = {}) =>
  createProject(
    cast.buyer.ctx,
    CreateProjectInput.parse({
      name: 'Warehouse racking 2027',
      description: 'Two halls',
      currency: 'EUR',
      budget: '120000',
      deadline: '2027-03-31',
      ...overrides,
    }),
  )

describe('purchase projects', () => {
  it('creates a numbered draft, edits it with the version, and records each change on the timeline', async () => {
    const project = await create()
    expect(project.number).toMatch(/^PRJ-\d{4}-\d{5}$/)
    expect(project).toMatchObject({
      status: 'draft',
      currency: 'EUR',
      budget: '120000.0000',
      deadline: '2027-03-31',
      version: 1,
      actions: ['activate', 'cancel'],
    })
    const edited = await updateProject(cast.buyer.ctx, project.id, {
      name: 'Warehouse racking 2027 (phase 1)',
      description: 'Hall A',
      currency: 'EUR',
      budget: '90000',
      deadline: undefined,
      version: 1,
    })
    expect(edited).toMatchObject({ name: 'Warehouse racking 2027 (phase 1)', budget: '90000.0000', deadline: null, version: 2 })
    await expect(
      updateProject(cast.buyer.ctx, project.id, { name: 'Late edit', description: '', currency: 'EUR', budget: undefined, deadline: undefined, version: 1 }),
    ).rejects.toMatchObject({ code: 'stale_version' })
    const events = await database().select().from(projectEvents).where(eq(projectEvents.projectId, project.id))
    expect(events.map((event) => event.type).sort()).toEqual(['created', 'updated'])
  })

  it('activates, closes, reopens and cancels with a reason; refuses steps the status does not allow', async () => {
    const project = await create()
    const step = async (action: 'activate' | 'close' | 'reopen' | 'cancel', reason = '') =>
      transitionProject(cast.buyer.ctx, project.id, { action, version: (await getProject(cast.buyer.ctx, project.id)).version, reason })
    expect((await step('activate')).status).toBe('active')
    await expect(step('reopen')).rejects.toMatchObject({ code: 'invalid_transition' })
    expect((await step('close')).status).toBe('closed')
    await expect(
      updateProject(cast.buyer.ctx, project.id, { name: 'Closed edit', description: '', currency: 'EUR', budget: undefined, deadline: undefined, version: 3 }),
    ).rejects.toMatchObject({ code: 'invalid_transition' })
    expect((await step('reopen')).status).toBe('active')
    await expect(step('cancel')).rejects.toMatchObject({ code: 'validation_failed', details: { fields: { reason: ['validation.reason'] } } })
    const cancelled = await step('cancel', 'Budget moved to next year')
    expect(cancelled).toMatchObject({ status: 'cancelled', statusReason: 'Budget moved to next year', actions: [], editable: false })
    const summary = await projectSummary(cast.buyer.ctx, project.id)
    expect(summary.events.map((event) => event.type)).toEqual(['created', 'activate', 'close', 'reopen', 'cancel'])
  })

  it('moves to sourcing and awarded through advanceProject, and does nothing when the status does not allow it', async () => {
    const project = await create()
    await transitionProject(cast.buyer.ctx, project.id, { action: 'activate', version: 1, reason: '' })
    const advance = (action: 'start_sourcing' | 'award') => database().transaction((tx) => advanceProject(tx, cast.buyer.ctx, project.id, action))
    expect(await advance('start_sourcing')).toBe(true)
    expect(await advance('start_sourcing')).toBe(false)
    expect((await getProject(cast.buyer.ctx, project.id)).status).toBe('sourcing')
    expect(await advance('award')).toBe(true)
    expect(await advance('award')).toBe(false)
    const awarded = await getProject(cast.buyer.ctx, project.id)
    expect(awarded).toMatchObject({ status: 'awarded', version: 4 })
    await transitionProject(cast.buyer.ctx, project.id, { action: 'close', version: awarded.version, reason: '' })
    expect(await advance('start_sourcing')).toBe(false)
    expect((await getProject(cast.buyer.ctx, project.id)).status).toBe('closed')
  })

  it('summarises requirements, RFQs with their quotation counts, awarded orders and spend against the budget in the project currency', async () => {
    // A company of its own: the factory numbers projects in a series of its own, which would meet createProject's.
    const cast = await createSourcingCast()
    const project = await insertProject(cast.buyer.company.id, { currency: 'EUR', budget: '2200' })
    const [panel, spot, sign] = project.requirements
    await database().update(requirements).set({ status: 'awarded' }).where(eq(requirements.id, panel!.id))
    const rfq = await insertRfq(cast.buyer.company.id, {
      projectId: project.id,
      requirements: [panel!, spot!].map((row) => ({ ...row, targetUnitPrice: row.targetUnitPrice })),
      supplierIds: cast.suppliers.map((supplier) => supplier.company.id),
      status: 'closed',
    })
    const [panelLine, spotLine] = rfq.lines
    const usd = await insertQuotation(rfq.id, cast.suppliers[0]!.company.id, [{ rfqLineId: panelLine!.id, unitPrice: '10.8' }], { currency: 'USD' })
    const cny = await insertQuotation(rfq.id, cast.suppliers[1]!.company.id, [{ rfqLineId: spotLine!.id, unitPrice: '3.12' }], { currency: 'CNY' })
    await insertQuotation(rfq.id, cast.suppliers[2]!.company.id, [{ rfqLineId: spotLine!.id, unitPrice: '1' }], { status: 'draft' })
    const usdOrder = randomUUID()
    const cnyOrder = randomUUID()
    // 100 × 10.8 USD = 1080 USD = 1000 EUR; 250 × 3.12 CNY = 780 CNY = 100 EUR (seeded rates: 1.08 USD and 7.8 CNY per EUR).
    await database()
      .insert(rfqAwards)
      .values([
        {
          id: randomUUID(),
          rfqId: rfq.id,
          rfqLineId: panelLine!.id,
          quotationId: usd.id,
          supplierCompanyId: cast.suppliers[0]!.company.id,
          quantity: 100,
          unitPrice: '10.8',
          currency: 'USD',
          purchaseOrderId: usdOrder,
        },
        {
          id: randomUUID(),
          rfqId: rfq.id,
          rfqLineId: spotLine!.id,
          quotationId: cny.id,
          supplierCompanyId: cast.suppliers[1]!.company.id,
          quantity: 250,
          unitPrice: '3.12',
          currency: 'CNY',
          purchaseOrderId: cnyOrder,
        },
      ])
    const other = await insertRfq(cast.buyer.company.id, {
      projectId: project.id,
      requirements: [{ ...sign!, targetUnitPrice: sign!.targetUnitPrice }],
      status: 'draft',
    })

    const summary = await projectSummary(cast.buyer.ctx, project.id)
    expect(summary.requirements.map((row) => [row.title, row.status])).toEqual([
      ['LED panel light 600×600', 'awarded'],
      ['Track spotlight 20 W', 'open'],
      ['Emergency exit sign', 'open'],
    ])
    expect(Object.fromEntries(summary.rfqs.map((row) => [row.id, row.quotationCount]))).toEqual({ [rfq.id]: 2, [other.id]: 0 })
    expect(summary.orders.map((order) => [order.purchaseOrderId, order.supplierName, order.currency, order.amount]).sort()).toEqual(
      [
        [usdOrder, await nameOf(cast.suppliers[0]!.company.id), 'USD', '1080.0000'],
        [cnyOrder, await nameOf(cast.suppliers[1]!.company.id), 'CNY', '780.0000'],
      ].sort(),
    )
    expect(summary.spend).toMatchObject({ currency: 'EUR', spent: '1100.0000', budget: '2200.0000', ratio: 0.5, unconverted: [] })

    const { number } = await getProject(cast.buyer.ctx, project.id)
    const page = await listProjects(cast.buyer.ctx, ProjectListQuery.parse({ q: number }))
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toMatchObject({ requirementCount: 3, awardedCount: 1 })
  })

  it('lists the company’s projects by status and search, and hides other companies’ projects (404)', async () => {
    const mine = await create({ name: `Solar carports ${randomUUID().slice(0, 6)}` })
    const drafts = await listProjects(cast.buyer.ctx, ProjectListQuery.parse({ status: 'draft', q: mine.name }))
    expect(drafts.items.map((item) => item.id)).toEqual([mine.id])
    expect((await listProjects(cast.buyer.ctx, ProjectListQuery.parse({ status: 'closed', q: mine.name }))).total).toBe(0)
    expect((await listProjects(cast.stranger.ctx, ProjectListQuery.parse({ q: mine.name }))).total).toBe(0)
    await expect(getProject(cast.stranger.ctx, mine.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(projectSummary(cast.stranger.ctx, mine.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(
      updateProject(cast.stranger.ctx, mine.id, { name: 'Hijack', description: '', currency: 'EUR', budget: undefined, deadline: undefined, version: 1 }),
    ).rejects.toMatchObject({ code: 'not_found' })
    await expect(transitionProject(cast.stranger.ctx, mine.id, { action: 'activate', version: 1, reason: '' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(database().transaction((tx) => advanceProject(tx, cast.stranger.ctx, mine.id, 'start_sourcing'))).rejects.toMatchObject({ code: 'not_found' })
  })
})
