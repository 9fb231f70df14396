import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createUser } from '../../../db/factories/users'
import type { CompanyKind, MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { companyProfiles } from '../companies/companies.tables.server'
import { auditEvents } from '../kernel/kernel.tables.server'
import { MAX_SERVICE_OFFERINGS } from './orders.constants'
import { serviceOfferings } from './orders.tables.server'
import { ServiceOfferingInput, UpdateServiceOfferingInput } from './service-offering.inputs'
import {
  createServiceOffering,
  deleteServiceOffering,
  getServiceOffering,
  listServiceOfferings,
  serviceOfferingCounts,
  updateServiceOffering,
} from './service-offering.service.server'
import { listServiceProviders, providersServing, verifiedProviderCounts } from './service-providers.service.server'
import { createServiceOrder } from './service-order-placement.service.server'
import { CreateServiceOrderInput, ServiceOfferingListQuery } from './index'

/** A company of `kind` with a member of `role`, as the service context its requests carry. */
async function company(kind: CompanyKind, options: { verified?: boolean; role?: MemberRole } = {}) {
  const owner = await createMember({ role: 'owner', companyInput: { kind, verificationStatus: options.verified === false ? 'unverified' : 'accept' } })
  const ctxOf = (userId: string, role: MemberRole): ServiceContext => {
    const ctx = contextOf(userId, owner.company.id, role)
    return { ...ctx, actor: { ...ctx.actor, companyKind: kind } }
  }
  const member = await createUser()
  await addMember(owner.company.id, member.id, 'member')
  return { id: owner.company.id, owner: ctxOf(owner.user.id, 'owner'), member: ctxOf(member.id, 'member') }
}

const inspection = (overrides: Record<string, unknown> = {}) =>
  ServiceOfferingInput.parse({
    serviceType: 'inspection',
    title: 'Pre-shipment inspection (AQL 2.5)',
    description: 'One inspector, one day on site.',
    countries: 'cn, vn',
    price: '280',
    currency: 'usd',
    priceBasis: 'per_day',
    leadTimeDays: '3',
    ...overrides,
  })

const page = ServiceOfferingListQuery.parse({})

let supplier: Awaited<ReturnType<typeof company>>
let other: Awaited<ReturnType<typeof company>>
let buyer: Awaited<ReturnType<typeof company>>

beforeAll(async () => {
  supplier = await company('supplier')
  other = await company('service_provider')
  buyer = await company('buyer')
})

describe('the service offering input', () => {
  it('takes areas as worldwide or countries, and a price with currency and basis or none of them', () => {
    expect(inspection()).toMatchObject({ countries: ['CN', 'VN'], price: '280', currency: 'USD', priceBasis: 'per_day', leadTimeDays: 3, worldwide: false })
    expect(inspection({ worldwide: 'on', countries: 'DE' })).toMatchObject({ worldwide: true, countries: [] })
    expect(inspection({ price: '', currency: '', priceBasis: '' })).toMatchObject({ price: undefined, currency: undefined, priceBasis: undefined })
  })

  it('names each field that is wrong with its message key', () => {
    const result = ServiceOfferingInput.safeParse({ serviceType: 'teleport', title: 'x', countries: 'ZZ', price: '1.23456', leadTimeDays: '0' })
    expect(result.success).toBe(false)
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))
    expect(fields).toMatchObject({
      serviceType: 'validation.serviceType',
      title: 'validation.title',
      countries: 'validation.country',
      price: 'validation.amount',
      leadTimeDays: 'validation.leadTime',
    })
    const areas = ServiceOfferingInput.safeParse({
      serviceType: 'customs',
      title: 'Import declarations',
      countries: '',
      price: '',
      currency: 'EUR',
      leadTimeDays: 2,
    })
    expect(areas.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['countries', 'validation.areas'],
      ['price', 'validation.priceMissing'],
    ])
    const half = ServiceOfferingInput.safeParse({ serviceType: 'customs', title: 'Import declarations', worldwide: true, price: '90', leadTimeDays: 2 })
    expect(half.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['currency', 'priceBasis'])
  })
})

describe('service offerings', () => {
  it('lists an offering the moment it is added, on the public page of its service, with its areas and price', async () => {
    const offering = await createServiceOffering(supplier.owner, inspection())
    expect(offering).toMatchObject({ serviceType: 'inspection', countries: ['CN', 'VN'], price: '280', currency: 'USD', priceBasis: 'per_day', version: 1 })
    const providers = await listServiceProviders('inspection', { limit: 100, offset: 0 })
    const listed = providers.items.find((provider) => provider.id === supplier.id)
    expect(listed?.offerings.map((shown) => shown.id)).toEqual([offering.id])
    expect(listed?.offerings[0]).toMatchObject({ price: '280', currency: 'USD', worldwide: false })
    expect((await verifiedProviderCounts()).inspection).toBeGreaterThanOrEqual(1)
    const [audit] = await database()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, supplier.id), eq(auditEvents.targetId, offering.id)))
    expect(audit).toMatchObject({ action: 'service_offering.created', targetType: 'service_offering' })
  })

  it('finds providers by the country served: worldwide serves every country, a list only its own', async () => {
    const lane = await createServiceOffering(
      other.owner,
      inspection({ serviceType: 'logistics', title: 'Sea freight CN–NL', countries: 'CN,NL', priceBasis: 'per_container' }),
    )
    const anywhere = await createServiceOffering(
      supplier.owner,
      inspection({ serviceType: 'logistics', title: 'Air express', worldwide: true, countries: '', priceBasis: 'per_kg', price: '4.35' }),
    )
    const ids = async (area: string) => (await listServiceProviders('logistics', { limit: 100, offset: 0, area })).items.map((provider) => provider.id)
    expect(await ids('NL')).toEqual(expect.arrayContaining([other.id, supplier.id]))
    expect(await ids('BR')).toContain(supplier.id)
    expect(await ids('BR')).not.toContain(other.id)
    expect((await providersServing('logistics', ['CN', 'NL'])).total).toBeGreaterThanOrEqual(2)
    const both = await providersServing('logistics', ['CN', 'BR'])
    const worldwideOnly = await providersServing('logistics', ['BR'])
    expect(both.total).toBe(worldwideOnly.total)
    await deleteServiceOffering(other.owner, lane.id)
    await deleteServiceOffering(supplier.owner, anywhere.id)
  })

  it('makes a company a provider a buyer may order from, beside the services named at onboarding', async () => {
    const certifier = await company('supplier')
    const order = () =>
      createServiceOrder(
        buyer.owner,
        CreateServiceOrderInput.parse({ serviceType: 'certification', providerCompanyId: certifier.id, scope: 'CE marking for 3 lamp models' }),
      )
    await expect(order()).rejects.toMatchObject({ code: 'validation_failed' })
    await createServiceOffering(certifier.owner, inspection({ serviceType: 'certification', title: 'CE marking', priceBasis: 'per_job' }))
    await expect(order()).resolves.toMatchObject({ serviceType: 'certification' })
  })

  it('lets members read and only admins and owners of a supplying company write', async () => {
    await expect(createServiceOffering(supplier.member, inspection())).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(createServiceOffering(buyer.owner, inspection())).rejects.toMatchObject({ code: 'forbidden' })
    const offering = await createServiceOffering(supplier.owner, inspection({ title: 'Factory audit' }))
    expect((await getServiceOffering(supplier.member, offering.id)).title).toBe('Factory audit')
    const list = await listServiceOfferings(supplier.member, page)
    expect(list.canManage).toBe(false)
    expect(list.items.map((item) => item.id)).toContain(offering.id)
    expect((await listServiceOfferings(supplier.owner, page)).canManage).toBe(true)
    await expect(deleteServiceOffering(supplier.member, offering.id)).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(listServiceOfferings(buyer.owner, page)).resolves.toMatchObject({ items: [], total: 0, canManage: false })
  })

  it('keeps each company’s offerings to itself: another company finds none of them', async () => {
    const offering = await createServiceOffering(supplier.owner, inspection({ title: 'Loading supervision' }))
    const update = UpdateServiceOfferingInput.parse({ ...inspection(), countries: 'CN', version: 1 })
    await expect(getServiceOffering(other.owner, offering.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(updateServiceOffering(other.owner, offering.id, update)).rejects.toMatchObject({ code: 'not_found' })
    await expect(deleteServiceOffering(other.owner, offering.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await listServiceOfferings(other.owner, page)).items.map((item) => item.id)).not.toContain(offering.id)
    expect(await getServiceOffering(supplier.owner, offering.id)).toMatchObject({ title: 'Loading supervision', version: 1 })
  })

  it('changes an offering against the version read and refuses a stale one', async () => {
    const offering = await createServiceOffering(supplier.owner, inspection({ title: 'During-production check' }))
    const changed = await updateServiceOffering(
      supplier.owner,
      offering.id,
      UpdateServiceOfferingInput.parse({
        ...inspection({ title: 'During-production check' }),
        price: '',
        currency: '',
        priceBasis: '',
        countries: 'VN',
        version: 1,
      }),
    )
    expect(changed).toMatchObject({ version: 2, price: null, currency: null, priceBasis: null, countries: ['VN'] })
    const again = UpdateServiceOfferingInput.parse({ ...inspection(), version: 1 })
    await expect(updateServiceOffering(supplier.owner, offering.id, again)).rejects.toMatchObject({ code: 'stale_version' })
    const [audit] = await database()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, offering.id), eq(auditEvents.action, 'service_offering.updated')))
    expect(audit?.before).toMatchObject({ price: '280', countries: ['CN', 'VN'] })
  })

  it('takes an offering off the public page when it is deleted', async () => {
    const provider = await company('service_provider')
    const offering = await createServiceOffering(
      provider.owner,
      inspection({ serviceType: 'sourcing_agent', title: 'Supplier search in Yiwu', priceBasis: 'per_job' }),
    )
    const listed = async () => (await listServiceProviders('sourcing_agent', { limit: 100, offset: 0 })).items.some((item) => item.id === provider.id)
    expect(await listed()).toBe(true)
    expect((await deleteServiceOffering(provider.owner, offering.id)).id).toBe(offering.id)
    expect(await listed()).toBe(false)
    await expect(getServiceOffering(provider.owner, offering.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('keeps the services named at onboarding listed, and leaves them out of a search by country (they name no areas)', async () => {
    const named = await company('service_provider')
    await database()
      .update(companyProfiles)
      .set({ services: ['customs'] })
      .where(eq(companyProfiles.organizationId, named.id))
    expect((await listServiceProviders('customs', { limit: 100, offset: 0 })).items.find((item) => item.id === named.id)).toMatchObject({
      offerings: [],
      offeringCount: 0,
    })
    expect((await listServiceProviders('customs', { limit: 100, offset: 0, area: 'CN' })).items.map((item) => item.id)).not.toContain(named.id)
  })

  it('adds once per idempotency key, and counts the company’s offerings per service', async () => {
    const provider = await company('both')
    const input = inspection({ title: 'Lab testing' })
    const first = await createServiceOffering(provider.owner, input, { idempotencyKey: 'offering-retry-1' })
    const retry = await createServiceOffering(provider.owner, input, { idempotencyKey: 'offering-retry-1' })
    expect(retry.id).toBe(first.id)
    await expect(createServiceOffering(provider.owner, inspection({ title: 'Other' }), { idempotencyKey: 'offering-retry-1' })).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    })
    expect(await serviceOfferingCounts(provider.owner)).toMatchObject({ total: 1, byType: { inspection: 1, logistics: 0 } })
    expect(await serviceOfferingCounts(buyer.owner)).toMatchObject({ total: 0 })
  })

  it(`stops at ${MAX_SERVICE_OFFERINGS} offerings a company`, async () => {
    const provider = await company('service_provider')
    await database()
      .insert(serviceOfferings)
      .values(
        Array.from({ length: MAX_SERVICE_OFFERINGS }, (_, index) => ({
          id: `${provider.id}-${index}`,
          organizationId: provider.id,
          serviceType: 'inspection' as const,
          title: `Inspection ${index}`,
          worldwide: true,
          leadTimeDays: 2,
        })),
      )
    await expect(createServiceOffering(provider.owner, inspection())).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { serviceType: ['validation.tooManyOfferings'] } },
    })
    expect(await listServiceOfferings(provider.owner, ServiceOfferingListQuery.parse({ type: 'customs' }))).toMatchObject({ total: 0, full: true })
    const second = await listServiceOfferings(provider.owner, ServiceOfferingListQuery.parse({ offset: 20 }))
    expect(second).toMatchObject({ total: MAX_SERVICE_OFFERINGS, limit: 20, offset: 20 })
    expect(second.items).toHaveLength(20)
  })
})
