// Plans over REST (issue 24) on both databases: the public plan list, a company's plan and usage, changes by owners
// and admins only (upgrade at once, a downgrade over the lower limits refused with what is over), and the platform
// admin's catalogue with bad input refused in the caller's language.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { createUser, DEFAULT_TEST_PASSWORD } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { putCompanyOnPlan, registerUsageCounter } from './index.server'

let app: ReturnType<typeof testApp>
let owner: CookieJar
let member: CookieJar
let admin: CookieJar
let companyId: string
/** Members as this test reports them (the companies module's own counter is not loaded here). */
let members = 1
let unregister: () => void

beforeAll(async () => {
  app = testApp()
  unregister = registerUsageCounter('members', () => sql`${members}::int`)
  const created = await createMember({ role: 'owner' })
  companyId = created.company.id
  // Test databases start companies on the plan without limits; this one starts as a real company does.
  await putCompanyOnPlan(companyId, { planId: 'free', period: 'monthly' }, null)
  owner = await signInWithCookies(app, { email: created.user.email, password: DEFAULT_TEST_PASSWORD })
  const memberUser = await createUser()
  await addMember(companyId, memberUser.id, 'member')
  member = await signInWithCookies(app, { email: memberUser.email, password: DEFAULT_TEST_PASSWORD })
  const adminUser = await createUser({ role: 'admin' })
  admin = await signInWithCookies(app, { email: adminUser.email, password: DEFAULT_TEST_PASSWORD })
})

afterAll(() => unregister())

describe('plans over REST', () => {
  it('lists the plans on offer to anyone, with exact prices and null for no limit', async () => {
    const { status, json } = await call(app, '/api/v1/plans')
    expect(status).toBe(200)
    const items = json.items as Array<Record<string, unknown>>
    expect(items.map((plan) => plan.id)).toEqual(expect.arrayContaining(['free', 'business', 'enterprise']))
    expect(items.find((plan) => plan.id === 'business')).toMatchObject({
      currency: 'USD',
      monthly_price: '49.00',
      yearly_price: '490.00',
      limits: { members: 15, rfqs_per_month: 100, storage_bytes: 10737418240 },
    })
    expect(items.find((plan) => plan.id === 'enterprise')).toMatchObject({ limits: { members: null, published_products: null } })
  })

  it('shows a company its plan and usage; only owners and admins change it; upgrades at once, a downgrade over the limits is refused', async () => {
    const current = await call(app, '/api/v1/billing/plan', { jar: member })
    expect(current.status).toBe(200)
    expect(current.json).toMatchObject({ plan: { id: 'free' }, period: 'monthly', next: null, usage: { members: 1 } })

    expect(await call(app, '/api/v1/billing/plan', { method: 'PUT', jar: member, body: { plan_id: 'business', period: 'monthly' } })).toMatchObject({
      status: 403,
    })
    const bad = await call(app, '/api/v1/billing/plan', {
      method: 'PUT',
      jar: owner,
      body: { plan_id: 'Business!', period: 'weekly' },
      headers: { 'accept-language': 'zh-Hans' },
    })
    expect(bad).toMatchObject({
      status: 422,
      json: { details: { fields: { plan_id: [CATALOGS['zh-Hans'].billing.validation.planId], period: [CATALOGS['zh-Hans'].billing.validation.period] } } },
    })
    expect(await call(app, '/api/v1/billing/plan', { method: 'PUT', jar: owner, body: { plan_id: 'no-such-plan', period: 'monthly' } })).toMatchObject({
      status: 404,
    })

    const upgraded = await call(app, '/api/v1/billing/plan', { method: 'PUT', jar: owner, body: { plan_id: 'business', period: 'yearly' } })
    expect(upgraded).toMatchObject({ status: 200, json: { plan: { id: 'business' }, period: 'yearly', next: null } })

    members = 20
    const blocked = await call(app, '/api/v1/billing/plan', { method: 'PUT', jar: owner, body: { plan_id: 'free', period: 'monthly' } })
    expect(blocked).toMatchObject({ status: 409, json: { code: 'plan_downgrade_blocked' } })
    expect(JSON.stringify(blocked.json)).toContain('members')
    members = 2
    const scheduled = await call(app, '/api/v1/billing/plan', { method: 'PUT', jar: owner, body: { plan_id: 'free', period: 'monthly' } })
    expect(scheduled).toMatchObject({ status: 200, json: { plan: { id: 'business' }, next: { plan_id: 'free', period: 'monthly' } } })

    const history = await call(app, '/api/v1/billing/plan/history', { jar: member })
    expect((history.json.items as Array<{ kind: string }>).map((change) => change.kind)).toEqual(['downgrade_scheduled', 'upgraded', 'assigned', 'started'])
  })

  it("is the platform admin's to create, edit, retire and assign plans; bad limits are refused field by field", async () => {
    expect((await call(app, '/api/v1/admin/plans', { jar: owner })).status).toBe(403)
    const id = `api-${randomUUID().slice(0, 8)}`
    const body = {
      id,
      name: { en: 'Team', 'zh-Hans': '团队版', 'zh-Hant': '團隊版' },
      description: { en: 'For a team.', 'zh-Hans': '适合团队。', 'zh-Hant': '適合團隊。' },
      currency: 'USD',
      monthly_price: '19',
      yearly_price: '190',
      max_members: -1,
      max_published_products: 'many',
      features: ['price_lists'],
      position: 5,
    }
    const refused = await call(app, '/api/v1/admin/plans', { jar: admin, body, headers: { 'accept-language': 'zh-Hant' } })
    expect(refused).toMatchObject({
      status: 422,
      json: {
        details: {
          fields: {
            max_members: [CATALOGS['zh-Hant'].billing.validation.maxMembers],
            max_published_products: [CATALOGS['zh-Hant'].billing.validation.maxPublishedProducts],
          },
        },
      },
    })
    const created = await call(app, '/api/v1/admin/plans', { jar: admin, body: { ...body, max_members: 4, max_published_products: null } })
    expect(created).toMatchObject({ status: 201, json: { id, monthly_price: '19.00', limits: { members: 4, published_products: null }, version: 1 } })
    expect((await call(app, '/api/v1/admin/plans', { jar: admin, body: { ...body, max_members: 4, max_published_products: null } })).status).toBe(409)

    const { id: _id, ...terms } = body
    const edited = await call(app, `/api/v1/admin/plans/${id}`, {
      method: 'PUT',
      jar: admin,
      body: { ...terms, max_members: 6, max_published_products: 10, version: 1 },
    })
    expect(edited).toMatchObject({ status: 200, json: { limits: { members: 6, published_products: 10 }, version: 2 } })
    expect(
      (await call(app, `/api/v1/admin/plans/${id}`, { method: 'PUT', jar: admin, body: { ...terms, max_members: 6, max_published_products: 10, version: 1 } }))
        .status,
    ).toBe(409)

    expect(await call(app, `/api/v1/admin/companies/${companyId}/plan`, { method: 'PUT', jar: admin, body: { plan_id: id, period: 'monthly' } })).toMatchObject(
      { status: 204 },
    )
    expect(await call(app, '/api/v1/billing/plan', { jar: member })).toMatchObject({ json: { plan: { id } } })
    expect(
      (await call(app, `/api/v1/admin/companies/${randomUUID()}/plan`, { method: 'PUT', jar: admin, body: { plan_id: id, period: 'monthly' } })).status,
    ).toBe(404)

    expect(await call(app, `/api/v1/admin/plans/${id}/retire`, { method: 'POST', jar: admin })).toMatchObject({
      status: 200,
      json: { retired_at: expect.any(String) },
    })
    expect(((await call(app, '/api/v1/plans')).json.items as Array<{ id: string }>).map((plan) => plan.id)).not.toContain(id)
    const everyPlan = (await call(app, '/api/v1/admin/plans', { jar: admin })).json.items as Array<{ id: string; is_default: boolean }>
    const defaultId = everyPlan.find((plan) => plan.is_default)?.id
    expect(await call(app, `/api/v1/admin/plans/${defaultId}/retire`, { method: 'POST', jar: admin })).toMatchObject({
      status: 409,
      json: { code: 'default_plan_required' },
    })
    expect(await call(app, `/api/v1/admin/plans/${id}/default`, { method: 'POST', jar: admin })).toMatchObject({
      status: 409,
      json: { code: 'plan_unavailable' },
    })
  })
})
