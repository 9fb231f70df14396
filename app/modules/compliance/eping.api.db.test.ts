// The ePing API (issue 22) on both databases: the list's filters with each company's match and mark, a notification's
// detail, review marks, the subscription and its limits, deadlines, members, a product's notices, the sync runs, and
// bad input answered with field errors in the caller's language.
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { createUser } from '../../../db/factories/users'
import { type EpingFake, fakeEpingItem, startEpingFake } from '../../../tests/support/eping-fake'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { testEnv } from '../../../tests/support/test-env'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { ERROR_STATUS } from '../../platform/errors'
import { auditEvents, notifications } from '../kernel/kernel.tables.server'
import { epingNotifications } from './compliance.tables.server'
import { todayUtc } from './eping-reads.service.server'
import { syncEping } from './eping-sync.server'

const KEY = 'eping-api-test-key'
let fake: EpingFake
let app: ReturnType<typeof testApp>
const jars = {} as Record<'ownerA' | 'adminA' | 'memberA' | 'ownerB' | 'lonely' | 'platformAdmin', CookieJar>
let companyA: { id: string }
let memberA: { id: string }
let mugId: string
const ids = new Map<string, string>()

const day = (offset: number) => {
  const date = new Date(`${todayUtc()}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return `${date.toISOString().slice(0, 10)}T00:00:00`
}

type Item = { id: string; document_symbol: string; source: string; open: boolean; match: { product_count: number; reasons: unknown[] } | null; review: unknown }
type Page = { items: Item[]; total: number; limit: number; offset: number }

const list = async (jar: CookieJar, query = '') => (await call(app, `/api/v1/eping/notifications${query}`, { jar })).json as unknown as Page
const symbols = (page: Page) => page.items.map((item) => item.document_symbol)
const fieldsOf = (response: Awaited<ReturnType<typeof call>>) => (response.json.details as { fields: Record<string, string[]> }).fields

beforeAll(async () => {
  fake = await startEpingFake({ key: KEY })
  setEnvForTesting(testEnv({ EPING_API_KEY: KEY, EPING_API_URL: fake.url, EPING_MIN_INTERVAL_MS: '0' }))
  app = testApp()
  const a = await createMember({ role: 'owner', companyInput: { name: 'Celadon Works', kind: 'supplier' } })
  companyA = a.company
  const adminA = await createUser()
  const memberUser = await createUser()
  await addMember(a.company.id, adminA.id, 'admin')
  await addMember(a.company.id, memberUser.id, 'member')
  memberA = memberUser
  const b = await createMember({ role: 'owner', companyInput: { name: 'Other Buyer', kind: 'buyer' } })
  const lonely = await createUser()
  const platformAdmin = await createUser({ role: 'admin' })
  for (const [key, user] of Object.entries({ ownerA: a.user, adminA, memberA: memberUser, ownerB: b.user, lonely, platformAdmin })) {
    jars[key as keyof typeof jars] = await signInWithCookies(app, user)
  }
  mugId = (await createProduct({ companyId: a.company.id, nameEn: 'Porcelain coffee mug', hsCode: '691200' })).id
  await createProduct({ companyId: a.company.id, nameEn: 'Hotel bed frame', hsCode: '940350', categoryId: 'lighting' })

  fake.items = [
    fakeEpingItem(1, {
      documentSymbol: 'G/TBT/N/EU/1164',
      hsCodes: ['6912'],
      title: 'Lead and cadmium migration from ceramic tableware',
      distributionDate: '2026-09-01T00:00:00',
      commentDeadlineDate: day(30),
    }),
    fakeEpingItem(2, {
      documentSymbol: 'G/TBT/N/MEX/412',
      notifyingMember: 'Mexico',
      notifyingMemberCode: 'MX',
      hsCodes: ['691110'],
      title: 'Glazed ceramic ware',
      distributionDate: '2026-10-01T00:00:00',
      commentDeadlineDate: day(10),
    }),
    fakeEpingItem(3, {
      documentSymbol: 'G/SPS/N/JPN/1234',
      area: 'SPS',
      notifyingMember: 'Japan',
      notifyingMemberCode: 'JP',
      hsCodes: ['0902'],
      title: 'Maximum residue limits for tea',
      distributionDate: '2026-08-01T00:00:00',
      commentDeadlineDate: day(-5),
    }),
    fakeEpingItem(4, {
      documentSymbol: 'G/TBT/N/USA/2198',
      notifyingMember: 'United States of America',
      notifyingMemberCode: 'US',
      hsCodes: ['940350'],
      title: 'Stability of clothing storage units',
      distributionDate: '2026-07-01T00:00:00',
      commentDeadlineDate: null,
    }),
    fakeEpingItem(5, {
      documentSymbol: 'G/TBT/N/GBR/122',
      notifyingMember: 'United Kingdom',
      notifyingMemberCode: 'GB',
      hsCodes: ['95'],
      title: 'Toys (Safety) Regulations',
      distributionDate: '2026-11-01T00:00:00',
      commentDeadlineDate: day(60),
    }),
  ]
  await syncEping()
  for (const row of await database().select({ id: epingNotifications.id, symbol: epingNotifications.documentSymbol }).from(epingNotifications)) {
    ids.set(row.symbol, row.id)
  }
})

afterAll(async () => {
  setEnvForTesting(testEnv())
  await fake.close()
})

const idOf = (symbol: string) => ids.get(symbol)!

describe('GET /api/v1/eping/notifications', () => {
  it('lists every notification newest first, each with its source and the caller’s company’s match', async () => {
    const page = await list(jars.memberA)
    expect(page).toMatchObject({ total: 5, limit: 20, offset: 0 })
    expect(symbols(page)).toEqual(['G/TBT/N/GBR/122', 'G/TBT/N/MEX/412', 'G/TBT/N/EU/1164', 'G/SPS/N/JPN/1234', 'G/TBT/N/USA/2198'])
    expect(page.items.every((item) => item.source === 'api' && item.review === null)).toBe(true)
    const ceramics = page.items.find((item) => item.document_symbol === 'G/TBT/N/EU/1164')!
    expect(ceramics.match).toMatchObject({ product_count: 1, reasons: [{ kind: 'product_hs', value: '6912', product_id: mugId }] })
    expect(ceramics.open).toBe(true)
    expect(page.items.filter((item) => item.match).map((item) => item.document_symbol)).toEqual(['G/TBT/N/EU/1164', 'G/TBT/N/USA/2198'])
    // Another company sees the same notifications, none of them its concern.
    const other = await list(jars.ownerB)
    expect(other.total).toBe(5)
    expect(other.items.every((item) => item.match === null)).toBe(true)
  })

  it('filters by member, area, HS code (either way round), words, distribution days, open deadline and match', async () => {
    expect(symbols(await list(jars.memberA, '?member=eu'))).toEqual(['G/TBT/N/EU/1164'])
    expect(symbols(await list(jars.memberA, '?area=SPS'))).toEqual(['G/SPS/N/JPN/1234'])
    expect(symbols(await list(jars.memberA, '?hs=69'))).toEqual(['G/TBT/N/MEX/412', 'G/TBT/N/EU/1164'])
    expect(symbols(await list(jars.memberA, '?hs=6912.00'))).toEqual(['G/TBT/N/EU/1164'])
    expect(symbols(await list(jars.memberA, '?hs=950300'))).toEqual(['G/TBT/N/GBR/122'])
    expect(symbols(await list(jars.memberA, '?q=Cadmium'))).toEqual(['G/TBT/N/EU/1164'])
    expect(symbols(await list(jars.memberA, '?from=2026-08-01&to=2026-10-01'))).toEqual(['G/TBT/N/MEX/412', 'G/TBT/N/EU/1164', 'G/SPS/N/JPN/1234'])
    expect(symbols(await list(jars.memberA, '?open=true'))).toEqual(['G/TBT/N/GBR/122', 'G/TBT/N/MEX/412', 'G/TBT/N/EU/1164'])
    expect(symbols(await list(jars.memberA, '?open=false'))).toEqual(['G/SPS/N/JPN/1234', 'G/TBT/N/USA/2198'])
    expect(symbols(await list(jars.memberA, '?matched=true&open=true'))).toEqual(['G/TBT/N/EU/1164'])
    expect((await list(jars.ownerB, '?matched=true')).total).toBe(0)
    expect(await list(jars.memberA, '?limit=2&offset=2')).toMatchObject({ total: 5, limit: 2, offset: 2, items: [{ document_symbol: 'G/TBT/N/EU/1164' }, {}] })
  })

  it('refuses bad filters with field errors in the caller’s language, never a 5xx', async () => {
    const long = await call(app, `/api/v1/eping/notifications?q=${'a'.repeat(5000)}`, { jar: jars.memberA })
    expect(long.status).toBe(ERROR_STATUS.validation_failed)
    expect(long.json.code).toBe('validation_failed')
    expect(fieldsOf(long)).toEqual({ q: ['This is too long: use at most 200 characters.'] })
    const bad = await call(app, '/api/v1/eping/notifications?hs=69a2&from=2026-13-01&review=maybe&area=TRIPS&member=Europe&limit=0', { jar: jars.memberA })
    expect(bad.status).toBe(ERROR_STATUS.validation_failed)
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(['area', 'from', 'hs', 'limit', 'member', 'review'])
    const backwards = await call(app, '/api/v1/eping/notifications?from=2026-10-01&to=2026-09-01', {
      jar: jars.memberA,
      headers: { 'accept-language': 'zh-Hans' },
    })
    expect(fieldsOf(backwards)).toEqual({ to: ['开始日期不能晚于结束日期。'] })
  })

  it('is for members of a company', async () => {
    expect((await call(app, '/api/v1/eping/notifications')).status).toBe(401)
    expect((await call(app, '/api/v1/eping/notifications', { jar: jars.lonely })).json.code).toBe('company_required')
  })
})

describe('GET /api/v1/eping/notifications/{id}', () => {
  it('shows the notification in full with the caller’s company’s products it concerns', async () => {
    const detail = await call(app, `/api/v1/eping/notifications/${idOf('G/TBT/N/EU/1164')}`, { jar: jars.memberA })
    expect(detail.status).toBe(200)
    expect(detail.json).toMatchObject({
      document_symbol: 'G/TBT/N/EU/1164',
      area: 'TBT',
      member_code: 'EU',
      hs_codes: ['6912'],
      objectives: ['Protection of human health or safety'],
      source: 'api',
      match: { product_count: 1 },
      matched_products: [{ id: mugId, name: 'Porcelain coffee mug', hs_code: '691200' }],
      links: [{ label: 'notification' }, { label: 'document' }],
    })
    const other = await call(app, `/api/v1/eping/notifications/${idOf('G/TBT/N/EU/1164')}`, { jar: jars.ownerB })
    expect(other.json).toMatchObject({ match: null, matched_products: [] })
    expect((await call(app, '/api/v1/eping/notifications/no-such-notification', { jar: jars.memberA })).status).toBe(404)
  })
})

describe('review marks', () => {
  it('lets any member mark a notification for the company, filter by it and clear it, with the activity log', async () => {
    const id = idOf('G/TBT/N/EU/1164')
    const marked = await call(app, `/api/v1/eping/notifications/${id}/review`, {
      method: 'PUT',
      jar: jars.memberA,
      body: { status: 'relevant', note: 'Ask the glaze supplier for test reports.' },
    })
    expect(marked.status).toBe(200)
    expect(marked.json).toMatchObject({ status: 'relevant', note: 'Ask the glaze supplier for test reports.' })
    expect(symbols(await list(jars.ownerA, '?review=relevant'))).toEqual(['G/TBT/N/EU/1164'])
    expect((await list(jars.ownerA, '?review=none')).total).toBe(4)
    // The mark is company A's: B sees none.
    expect((await list(jars.ownerB, '?review=relevant')).total).toBe(0)
    const [audit] = await database()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, companyA.id), eq(auditEvents.action, 'eping_review.marked')))
    expect(audit).toMatchObject({ actorUserId: memberA.id, targetId: id, after: { status: 'relevant', symbol: 'G/TBT/N/EU/1164' } })

    const reviewed = await call(app, `/api/v1/eping/notifications/${id}/review`, { method: 'PUT', jar: jars.adminA, body: { status: 'reviewed' } })
    expect(reviewed.json).toMatchObject({ status: 'reviewed', note: '' })
    expect((await call(app, `/api/v1/eping/notifications/${id}/review`, { method: 'DELETE', jar: jars.memberA })).status).toBe(204)
    expect((await call(app, `/api/v1/eping/notifications/${id}`, { jar: jars.memberA })).json.review).toBeNull()
  })

  it('refuses an unknown status, a long note and an unknown notification', async () => {
    const id = idOf('G/TBT/N/EU/1164')
    const status = await call(app, `/api/v1/eping/notifications/${id}/review`, { method: 'PUT', jar: jars.memberA, body: { status: 'maybe' } })
    expect(status.status).toBe(ERROR_STATUS.validation_failed)
    expect(fieldsOf(status)).toEqual({ status: ['Choose reviewed, relevant or not relevant.'] })
    const note = await call(app, `/api/v1/eping/notifications/${id}/review`, {
      method: 'PUT',
      jar: jars.memberA,
      body: { status: 'reviewed', note: 'x'.repeat(2001) },
    })
    expect(Object.keys(fieldsOf(note))).toEqual(['note'])
    expect((await call(app, '/api/v1/eping/notifications/unknown/review', { method: 'PUT', jar: jars.memberA, body: { status: 'reviewed' } })).status).toBe(404)
    expect((await call(app, '/api/v1/eping/notifications/unknown/review', { method: 'DELETE', jar: jars.memberA })).status).toBe(404)
  })
})

describe('the subscription', () => {
  const noticesOfA = async () => (await database().select({ n: count() }).from(notifications).where(eq(notifications.organizationId, companyA.id)))[0]!.n

  it('is empty until saved, and only owners and admins change it', async () => {
    expect((await call(app, '/api/v1/eping/subscription', { jar: jars.memberA })).json).toEqual({
      hs_codes: [],
      member_codes: [],
      keywords: [],
      updated_at: null,
    })
    const refused = await call(app, '/api/v1/eping/subscription', { method: 'PUT', jar: jars.memberA, body: { hs_codes: ['0902'] } })
    expect(refused.status).toBe(403)
  })

  it('matches the company again against stored notifications when saved, raising no notice for them', async () => {
    const before = await noticesOfA()
    const saved = await call(app, '/api/v1/eping/subscription', {
      method: 'PUT',
      jar: jars.adminA,
      body: { hs_codes: ['0902.10'], member_codes: ['gb'], keywords: ['toys'] },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ hs_codes: ['090210'], member_codes: ['GB'], keywords: ['toys'], matched: 4 })
    expect(symbols(await list(jars.memberA, '?matched=true'))).toEqual(['G/TBT/N/GBR/122', 'G/TBT/N/EU/1164', 'G/SPS/N/JPN/1234', 'G/TBT/N/USA/2198'])
    const toys = (await list(jars.memberA, '?member=GB')).items[0]!
    expect(toys.match).toEqual({
      product_count: 0,
      matched_at: expect.any(String),
      reasons: [
        { kind: 'subscription_member', value: 'GB' },
        { kind: 'subscription_keyword', value: 'toys' },
      ],
    })
    expect(await noticesOfA()).toBe(before)
    expect((await call(app, '/api/v1/eping/subscription', { jar: jars.memberA })).json).toMatchObject({ hs_codes: ['090210'], member_codes: ['GB'] })
  })

  it('refuses a list over its limit whole, with one clear field error, storing nothing', async () => {
    const huge = await call(app, '/api/v1/eping/subscription', {
      method: 'PUT',
      jar: jars.ownerA,
      body: { hs_codes: Array.from({ length: 10_000 }, (_, index) => String(100_000 + index)), member_codes: [], keywords: [] },
    })
    expect(huge.status).toBe(ERROR_STATUS.validation_failed)
    expect(fieldsOf(huge)).toEqual({ hs_codes: ['Follow at most 200 HS codes.'] })
    const bad = await call(app, '/api/v1/eping/subscription', {
      method: 'PUT',
      jar: jars.ownerA,
      body: { hs_codes: ['69a2'], member_codes: ['XX'], keywords: ['y'.repeat(61)] },
      headers: { 'accept-language': 'zh-Hant' },
    })
    expect(fieldsOf(bad)).toEqual({
      'hs_codes.0': ['每個 HS 編碼應為 2 至 6 位數字。'],
      'member_codes.0': ['請使用兩位字母的 ISO 國家代碼或 EU。'],
      'keywords.0': ['每個關鍵字應為 1 至 60 個字元。'],
    })
    expect((await call(app, '/api/v1/eping/subscription', { jar: jars.ownerA })).json).toMatchObject({
      hs_codes: ['090210'],
      member_codes: ['GB'],
      keywords: ['toys'],
    })
  })
})

describe('deadlines, members and a product’s notices', () => {
  it('lists the open comment deadlines of notifications concerning the company, soonest first', async () => {
    const deadlines = (await call(app, '/api/v1/eping/deadlines', { jar: jars.memberA })).json as unknown as { items: Item[] }
    expect(deadlines.items.map((item) => item.document_symbol)).toEqual(['G/TBT/N/EU/1164', 'G/TBT/N/GBR/122'])
    expect(((await call(app, '/api/v1/eping/deadlines', { jar: jars.ownerB })).json as unknown as { items: Item[] }).items).toEqual([])
  })

  it('lists the notifying members with their counts', async () => {
    const members = (await call(app, '/api/v1/eping/members', { jar: jars.ownerB })).json
    expect(members.items).toEqual([
      { code: 'EU', name: 'European Union', count: 1 },
      { code: 'JP', name: 'Japan', count: 1 },
      { code: 'MX', name: 'Mexico', count: 1 },
      { code: 'GB', name: 'United Kingdom', count: 1 },
      { code: 'US', name: 'United States of America', count: 1 },
    ])
  })

  it('lists the notices of one of the company’s products, and finds no other company’s product', async () => {
    const notices = await call(app, `/api/v1/eping/products/${mugId}/notices`, { jar: jars.memberA })
    expect(notices.json).toMatchObject({ total: 1, open: 1, items: [{ document_symbol: 'G/TBT/N/EU/1164' }] })
    expect((await call(app, `/api/v1/eping/products/${mugId}/notices`, { jar: jars.ownerB })).status).toBe(404)
    expect((await call(app, '/api/v1/eping/products/no-such-product/notices', { jar: jars.memberA })).status).toBe(404)
  })
})

describe('GET /api/v1/eping/sync-runs', () => {
  it('shows platform admins the runs, and no one else', async () => {
    const runs = await call(app, '/api/v1/eping/sync-runs', { jar: jars.platformAdmin })
    expect(runs.json.items).toEqual([expect.objectContaining({ source: 'api', status: 'succeeded', pages: 1, stored: 5, error: null })])
    expect((await call(app, '/api/v1/eping/sync-runs', { jar: jars.ownerA })).status).toBe(403)
  })
})

describe('the OpenAPI document', () => {
  it('describes every ePing operation with who may call it', async () => {
    const doc = (await call(app, '/api/openapi.json')).json as unknown as {
      paths: Record<string, Record<string, { 'x-access'?: { level: string; minRole?: string } }>>
    }
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/eping'))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op['x-access']?.level}/${op['x-access']?.minRole ?? '-'}`),
      )
    expect(operations.sort()).toEqual([
      'DELETE /api/v1/eping/notifications/{id}/review company/member',
      'GET /api/v1/eping/deadlines company/member',
      'GET /api/v1/eping/members company/member',
      'GET /api/v1/eping/notifications company/member',
      'GET /api/v1/eping/notifications/{id} company/member',
      'GET /api/v1/eping/products/{productId}/notices company/member',
      'GET /api/v1/eping/subscription company/member',
      'GET /api/v1/eping/sync-runs platform_admin/-',
      'PUT /api/v1/eping/notifications/{id}/review company/member',
      'PUT /api/v1/eping/subscription company/admin',
    ])
  })
})

describe('emptying the subscription', () => {
  it('leaves the company with the notifications its products are concerned by', async () => {
    const saved = await call(app, '/api/v1/eping/subscription', { method: 'PUT', jar: jars.ownerA, body: {} })
    expect(saved.json).toMatchObject({ hs_codes: [], member_codes: [], keywords: [], matched: 2 })
    expect(symbols(await list(jars.memberA, '?matched=true'))).toEqual(['G/TBT/N/EU/1164', 'G/TBT/N/USA/2198'])
  })
})
