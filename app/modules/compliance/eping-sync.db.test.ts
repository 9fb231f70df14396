// The ePing sync (issue 22) against a local fake of the WTO API, on both databases: pages, retries, a malformed page
// (the run fails, nothing stored), incremental asks, the offline sample, and matching with one notice per company.
import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { epingSyncJob } from '../../../server/scheduled-jobs'
import { type EpingFake, fakeEpingItem, startEpingFake } from '../../../tests/support/eping-fake'
import { testEnv } from '../../../tests/support/test-env'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { notifications } from '../kernel/kernel.tables.server'
import { epingMatches, epingNotifications, epingSubscriptions, epingSyncRuns } from './compliance.tables.server'
import { loadEpingSample, sampleRecords, syncEping } from './eping-sync.server'

const KEY = 'eping-test-key'
let fake: EpingFake

const online = (overrides: Record<string, string> = {}) =>
  setEnvForTesting(testEnv({ EPING_API_KEY: KEY, EPING_API_URL: fake.url, EPING_MIN_INTERVAL_MS: '0', ...overrides }))

beforeAll(async () => {
  fake = await startEpingFake({ key: KEY })
})

afterAll(async () => {
  setEnvForTesting(testEnv())
  await fake.close()
})

beforeEach(async () => {
  online()
  fake.items = []
  fake.requests.length = 0
  fake.failures.length = 0
  fake.malformedPages.clear()
  // Each test starts from no notifications (matches and reviews go with them).
  await database().delete(epingNotifications)
  await database().delete(epingSyncRuns)
})

const storedCount = async () => (await database().select({ n: count() }).from(epingNotifications))[0]!.n
const runs = () => database().select().from(epingSyncRuns).orderBy(asc(epingSyncRuns.startedAt))
const items = (from: number, to: number, overrides: (n: number) => Partial<ReturnType<typeof fakeEpingItem>> = () => ({})) =>
  Array.from({ length: to - from + 1 }, (_, index) => fakeEpingItem(from + index, overrides(from + index)))

describe('the ePing sync against the API', () => {
  it('reads every page, stores every notification and records the run', async () => {
    fake.items = items(1, 25, (n) => ({ distributionDate: `2026-07-${String(n).padStart(2, '0')}T00:00:00` }))
    const outcome = await syncEping({ pageSize: 10 })
    expect(outcome).toMatchObject({ source: 'api', pages: 3, stored: 25 })
    expect(fake.requests.map((request) => request.query)).toEqual([1, 2, 3].map((page) => ({ language: '1', page: String(page), pageSize: '10' })))
    expect(fake.requests.every((request) => request.key === KEY)).toBe(true)
    expect(await storedCount()).toBe(25)
    expect(await runs()).toEqual([expect.objectContaining({ source: 'api', since: null, status: 'succeeded', pages: 3, stored: 25, error: null })])
  })

  it('asks from the newest stored distribution day on, and stores only what is new or changed', async () => {
    fake.items = items(1, 5, (n) => ({ distributionDate: `2026-08-0${n}T00:00:00` }))
    await syncEping({ pageSize: 10 })
    fake.requests.length = 0
    fake.items.push(...items(6, 7, () => ({ distributionDate: '2026-08-09T12:00:00Z' })))
    fake.items[4] = { ...fake.items[4]!, title: 'A corrected title' }

    const outcome = await syncEping({ pageSize: 10 })
    expect(fake.requests.map((request) => request.query.distributionDateFrom)).toEqual(['2026-08-05'])
    // Items 5 (changed), 6 and 7 (new) are stored; 5 keeps its id.
    expect(outcome.stored).toBe(3)
    const [changed] = await database().select().from(epingNotifications).where(eq(epingNotifications.documentSymbol, 'G/TBT/N/EU/9005'))
    expect(changed!.title).toBe('A corrected title')
    expect(await storedCount()).toBe(7)
    expect((await syncEping({ pageSize: 10 })).stored).toBe(0)
  })

  it('tries a page again after a 503 and stores it once it answers', async () => {
    fake.items = items(1, 3)
    fake.failures.push({ status: 503, retryAfter: 0 })
    expect(await syncEping({ pageSize: 10 })).toMatchObject({ pages: 1, stored: 3 })
    expect(fake.requests).toHaveLength(2)
  })

  it('fails the run on a malformed page: nothing stored, the failure recorded, and it throws so the job retries', async () => {
    fake.items = items(1, 25)
    fake.malformedPages.set(2, { items: [fakeEpingItem(11), { ...fakeEpingItem(12), area: 'TRIPS' }], totalCount: 25 })
    await expect(syncEping({ pageSize: 10 })).rejects.toThrow(/page 2: malformed item 2/)
    expect(await storedCount()).toBe(0)
    expect(await runs()).toEqual([expect.objectContaining({ status: 'failed', pages: 1, stored: 0, error: expect.stringMatching(/EpingApiError: page 2/) })])

    // The retry, once the API answers well, stores the whole search.
    fake.malformedPages.clear()
    expect(await syncEping({ pageSize: 10 })).toMatchObject({ stored: 25 })
  })

  it('fails the run when the API keeps timing out (three attempts), storing nothing', async () => {
    online({ EPING_TIMEOUT_MS: '150' })
    fake.items = items(1, 2)
    fake.failures.push({ delayMs: 400 }, { delayMs: 400 }, { delayMs: 400 })
    await expect(syncEping()).rejects.toThrow(/timed out/)
    expect(fake.requests).toHaveLength(3)
    expect(await storedCount()).toBe(0)
    expect((await runs())[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('3 attempts') })
  }, 20_000)

  it('fails at once with a wrong key', async () => {
    online({ EPING_API_KEY: 'not-the-key' })
    fake.items = items(1, 2)
    await expect(syncEping()).rejects.toThrow(/answered 401/)
    expect(fake.requests).toHaveLength(1)
  })
})

describe('the offline sample', () => {
  it('is loaded once when no key is configured, and later runs store nothing', async () => {
    setEnvForTesting(testEnv())
    const first = await syncEping()
    expect(first).toMatchObject({ source: 'sample', pages: 1, stored: sampleRecords().length })
    expect(first.stored).toBeGreaterThanOrEqual(50)
    const sources = await database().selectDistinct({ source: epingNotifications.source }).from(epingNotifications)
    expect(sources).toEqual([{ source: 'sample' }])

    expect(await syncEping()).toMatchObject({ source: 'sample', pages: 0, stored: 0 })
    expect(await loadEpingSample()).toBeNull()
    expect(await storedCount()).toBe(first.stored)
    expect((await runs()).map((run) => [run.source, run.status, run.stored])).toEqual([
      ['sample', 'succeeded', first.stored],
      ['sample', 'succeeded', 0],
    ])
    expect(fake.requests).toEqual([])
  })
})

describe('matching a sync’s notifications', () => {
  it('matches products and subscriptions and tells each company once, not again on a later sync', async () => {
    const potter = await createMember({ role: 'owner', companyInput: { kind: 'supplier' } })
    const follower = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
    const bystander = await createMember({ role: 'owner', companyInput: { kind: 'supplier' } })
    const mug = await createProduct({ companyId: potter.company.id, nameEn: 'Porcelain coffee mug', hsCode: '691200' })
    await createProduct({ companyId: potter.company.id, nameEn: 'Old mug', hsCode: '691200', status: 'archived' })
    await createProduct({ companyId: bystander.company.id, nameEn: 'Hex bolt', hsCode: '731815' })
    await database()
      .insert(epingSubscriptions)
      .values({ organizationId: follower.company.id, memberCodes: ['MX'] })
    fake.items = [
      fakeEpingItem(1, { hsCodes: '6912.00; 6911', title: 'Lead and cadmium from ceramic ware' }),
      fakeEpingItem(2, { notifyingMember: 'Mexico', notifyingMemberCode: 'MX', documentSymbol: 'G/TBT/N/MEX/412', hsCodes: ['691110'] }),
      fakeEpingItem(3, { hsCodes: ['8501'] }),
    ]

    const outcome = await syncEping()
    expect(outcome.notices).toBe(2)
    const matches = await database().select().from(epingMatches)
    const bySymbol = new Map((await database().select().from(epingNotifications)).map((row) => [row.id, row.documentSymbol]))
    expect(matches.map((match) => [match.organizationId, bySymbol.get(match.notificationId), match.productIds]).sort()).toEqual(
      [
        [potter.company.id, 'G/TBT/N/EU/9001', [mug.id]],
        [follower.company.id, 'G/TBT/N/MEX/412', []],
      ].sort(),
    )
    const noticesOf = (userId: string) =>
      database()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'compliance.eping_match')))
    const [notice] = await noticesOf(potter.user.id)
    expect(notice).toMatchObject({
      organizationId: potter.company.id,
      params: { symbol: 'G/TBT/N/EU/9001', member: 'European Union', title: 'Lead and cadmium from ceramic ware', products: '1' },
      link: `/app/infor/eping/${matches.find((match) => match.organizationId === potter.company.id)!.notificationId}`,
    })
    expect(await noticesOf(follower.user.id)).toHaveLength(1)
    expect(await noticesOf(bystander.user.id)).toHaveLength(0)

    // A correction of the same notification is stored again, but the company heard of it already.
    fake.items[0] = { ...fake.items[0]!, description: 'Corrected description of the draft.' }
    expect(await syncEping()).toMatchObject({ stored: 1, notices: 0 })
    expect(await noticesOf(potter.user.id)).toHaveLength(1)
  })

  it('matches a company again when its products changed since the last run, without a notice', async () => {
    const latecomer = await createMember({ role: 'owner', companyInput: { kind: 'supplier' } })
    fake.items = [fakeEpingItem(1, { hsCodes: ['9503'], title: 'Safety of toys' })]
    await syncEping()
    expect(await database().select().from(epingMatches).where(eq(epingMatches.organizationId, latecomer.company.id))).toEqual([])

    const blocks = await createProduct({ companyId: latecomer.company.id, nameEn: 'Building blocks', hsCode: '950300' })
    expect(await syncEping()).toMatchObject({ stored: 0, rematched: 1 })
    const [match] = await database().select().from(epingMatches).where(eq(epingMatches.organizationId, latecomer.company.id))
    expect(match).toMatchObject({ productIds: [blocks.id], reasons: [{ kind: 'product_hs', value: '9503', productId: blocks.id }] })
    const told = await database().select().from(notifications).where(eq(notifications.userId, latecomer.user.id))
    expect(told).toEqual([])
  })
})

describe('the compliance.eping-sync job', () => {
  it('runs every 6 hours, once at a time, and fails on an unreadable API so that the queue retries it', async () => {
    expect(epingSyncJob).toMatchObject({ name: 'compliance.eping-sync', cron: '0 */6 * * *', titleKey: 'names.syncEping', retry: { limit: 2 } })
    expect(epingSyncJob.singletonKey?.({})).toBe('once')
    fake.items = items(1, 2)
    fake.malformedPages.set(1, { items: 'none', totalCount: 2 })
    const context = { jobId: 'test', retryCount: 0, signal: new AbortController().signal }
    await expect(epingSyncJob.handle({}, context)).rejects.toThrow(/page 1: malformed page/)
    fake.malformedPages.clear()
    await expect(epingSyncJob.handle({}, context)).resolves.toBeUndefined()
    expect(await storedCount()).toBe(2)
  })
})
