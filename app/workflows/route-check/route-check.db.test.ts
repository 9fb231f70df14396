import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { platformAdmin } from '../../../tests/factories/finance'
import { createShippingAddress } from '../../../tests/factories/orders'
import { insertProject, insertRfq } from '../../../tests/factories/sourcing'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { companyProfiles } from '../../modules/companies/companies.tables.server'
import { epingNotifications } from '../../modules/compliance/compliance.tables.server'
import { serviceOfferings } from '../../modules/orders/orders.tables.server'
import { requirements } from '../../modules/sourcing/sourcing.tables.server'
import { checkProjectRoute } from './route-check.server'

let admin: ServiceContext
let buyer: Awaited<ReturnType<typeof createMember>>
let projectId: string
let supplierName: string

beforeAll(async () => {
  admin = await platformAdmin()
  buyer = await createMember({ role: 'owner', companyInput: { kind: 'buyer', country: 'NL' } })
  await createShippingAddress(buyer.company.id)
  supplierName = `Vietnam Lamp ${randomUUID().slice(0, 6)}`
  const supplier = await createMember({ role: 'owner', companyInput: { kind: 'supplier', name: supplierName, country: 'VN', verificationStatus: 'accept' } })
  await database()
    .update(companyProfiles)
    .set({ exportMarkets: ['NL', 'DE'] })
    .where(eq(companyProfiles.organizationId, supplier.company.id))
  const project = await insertProject(buyer.company.id, {
    requirements: [
      { title: 'Brass desk lamp', quantity: 200, hsCode: '940511' },
      { title: 'Lamp shade', quantity: 200 },
    ],
  })
  projectId = project.id
  // The destinations name no country: the buyer's shipping address (Rotterdam, NL) is the delivery country.
  await database().update(requirements).set({ destination: 'Main warehouse' }).where(eq(requirements.projectId, projectId))
  await insertRfq(buyer.company.id, { projectId, supplierIds: [supplier.company.id] })
  // A forwarder for the Vietnam–Netherlands lane; no inspector in Vietnam.
  const forwarder = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: 'accept' } })
  await database()
    .insert(serviceOfferings)
    .values({
      id: randomUUID(),
      organizationId: forwarder.company.id,
      serviceType: 'logistics',
      title: 'Sea freight VN–NL',
      countries: ['VN', 'NL'],
      leadTimeDays: 30,
    })
  await database()
    .insert(epingNotifications)
    .values({
      id: randomUUID(),
      documentSymbol: `G/TBT/N/EU/${randomUUID().slice(0, 8)}`,
      area: 'TBT',
      memberCode: 'EU',
      memberName: 'European Union',
      title: 'Ecodesign requirements for light sources',
      hsCodes: ['9405'],
      distributedOn: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
      source: 'sample',
    })
})

describe('the route check of a project', () => {
  it('checks the project, its invited suppliers, the providers of each lane and the WTO rules at the destination', async () => {
    const result = await checkProjectRoute(admin, projectId)
    expect(result.project).toMatchObject({ id: projectId, companyId: buyer.company.id })
    expect(result.origins).toEqual(['VN'])
    expect(result.destinations).toEqual(['NL'])
    const of = (id: string) => result.checks.filter((check) => check.id === id)
    expect(of('deliveryCountry')).toEqual([expect.objectContaining({ variant: 'assumed', status: 'warn', values: { countries: 'NL' } })])
    expect(of('hsCodes')).toEqual([expect.objectContaining({ variant: 'some', values: expect.objectContaining({ titles: 'Lamp shade' }) })])
    expect(of('supplierMarket')).toEqual([
      expect.objectContaining({ variant: 'exports', status: 'pass', values: expect.objectContaining({ supplier: supplierName }) }),
    ])
    expect(of('logistics')[0]).toMatchObject({ status: 'pass', values: { countries: 'VN → NL' } })
    expect((of('logistics')[0]?.values.verified as number) >= 1).toBe(true)
    expect(of('inspection')[0]?.status).not.toBe('fail')
    expect(of('regulations')).toEqual([expect.objectContaining({ variant: 'notices', status: 'warn', values: expect.objectContaining({ number: 1 }) })])
  })

  it('is for platform admins only, and an unknown project is not found', async () => {
    const ctx = { actor: { ...admin.actor, platformRole: 'user' as const }, locale: admin.locale, requestId: 'test' }
    await expect(checkProjectRoute(ctx, projectId)).rejects.toMatchObject({ code: 'forbidden' })
    await expect(checkProjectRoute(admin, randomUUID())).rejects.toMatchObject({ code: 'not_found' })
  })
})
