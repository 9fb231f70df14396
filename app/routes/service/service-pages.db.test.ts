import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companyProfiles } from '../../modules/companies/companies.tables.server'
import { database } from '../../platform/db/index.server'
import { createMember } from '../../../db/factories/companies'
import { loader as servicesLoader } from './index'
import { loader as serviceTypeLoader } from './type'

let shipperId: string

beforeAll(async () => {
  const shipper = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: 'accept' } })
  await database()
    .update(companyProfiles)
    .set({ services: ['logistics'] })
    .where(eq(companyProfiles.organizationId, shipper.company.id))
  shipperId = shipper.company.id
})

describe('public service pages', () => {
  // The test app stands in for the page renderer, so the loaders are called as React Router calls them.
  const context = { get: () => null } as never
  const args = (path: string, params: Record<string, string>) => ({ request: new Request(`http://localhost${path}`), params, context }) as never
  const statusOf = async (run: () => Promise<unknown>) => {
    try {
      const result = (await run()) as { init?: { status?: number } | null }
      return result.init?.status ?? 200
    } catch (thrown) {
      return (thrown as { init?: { status?: number } }).init?.status ?? 500
    }
  }

  it('answers /service and /services/logistics with 200 and an unknown service with 404', async () => {
    expect(await statusOf(() => servicesLoader(args('/en/service', { lang: 'en' })))).toBe(200)
    const overview = (await servicesLoader(args('/en/service', { lang: 'en' }))) as unknown as { data: { services: Array<{ type: string; verified: number }> } }
    expect(overview.data.services.find((service) => service.type === 'logistics')?.verified).toBeGreaterThanOrEqual(1)
    expect(await statusOf(() => serviceTypeLoader(args('/en/services/logistics', { lang: 'en', type: 'logistics' })))).toBe(200)
    const providers = (await serviceTypeLoader(args('/en/services/logistics', { lang: 'en', type: 'logistics' }))) as unknown as {
      data: { page: { items: Array<{ id: string }> } }
    }
    expect(providers.data.page.items.map((item) => item.id)).toContain(shipperId)
    expect(await statusOf(() => serviceTypeLoader(args('/en/services/unknown', { lang: 'en', type: 'unknown' })))).toBe(404)
  })
})
