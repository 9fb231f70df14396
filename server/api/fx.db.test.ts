import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setEnvForTesting } from '../../app/platform/env.server'
import { parseEcbXml } from '../../app/platform/fx/ecb.server'
import { listCurrentRates } from '../../app/platform/fx/fx-admin.service.server'
import { rateDay } from '../../app/platform/fx/convert'
import { rateTable } from '../../app/platform/fx/fx.service.server'
import { createUser } from '../../db/factories/users'
import { call, CookieJar, testApp } from '../../tests/support/http'
import { testEnv } from '../../tests/support/test-env'

const FIXTURE = readFileSync('tests/fixtures/fx/eurofxref-daily.xml', 'utf8')
const MALFORMED = FIXTURE.replace("<Cube currency='GBP' rate='0.85025'/>", "<Cube currency='GBP' rate='zero'/>")

let app: ReturnType<typeof testApp>
let feed: Server
let feedBody = FIXTURE
let feedUrl = ''
let admin: CookieJar
let user: CookieJar

async function signedIn(role: 'admin' | 'user') {
  const created = await createUser({ role })
  const jar = new CookieJar()
  await call(app, '/api/auth/sign-in/email', { body: { email: created.email, password: created.password }, jar })
  return jar
}

const rateOf = async (currency: string) => (await listCurrentRates()).find((rate) => rate.currency === currency)

beforeAll(async () => {
  app = testApp()
  feed = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/xml' })
    response.end(feedBody)
  })
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/eurofxref-daily.xml`
  admin = await signedIn('admin')
  user = await signedIn('user')
})

afterAll(async () => {
  setEnvForTesting(testEnv())
  await new Promise((resolve) => feed.close(resolve))
})

describe('ECB reference-rate XML', () => {
  it('reads the day and every rate of the recorded feed', () => {
    const parsed = parseEcbXml(FIXTURE)
    expect(parsed.asOf).toBe('2026-11-20')
    expect(parsed.rates).toHaveLength(30)
    expect(parsed.rates).toContainEqual({ currency: 'USD', ratePerEur: '1.0812' })
    expect(parsed.rates).toContainEqual({ currency: 'GBP', ratePerEur: '0.85025' })
  })

  it('refuses anything that is not the ECB’s feed, whole', () => {
    for (const xml of [
      MALFORMED,
      '<html>maintenance</html>',
      FIXTURE.replace("time='2026-11-20'", "time='yesterday'"),
      FIXTURE.replace(/<Cube currency[^>]*\/>/g, ''),
    ]) {
      expect(() => parseEcbXml(xml)).toThrow(expect.objectContaining({ code: 'validation_failed' }))
    }
  })
})

describe('/v1/fx-rates', () => {
  it('lists the rates in force to any signed-in user, not to strangers', async () => {
    const listed = await call(app, '/api/v1/fx-rates', { jar: user })
    expect(listed.status).toBe(200)
    expect((listed.json.items as Array<{ currency: string; rate_per_eur: string; source: string }>).find((rate) => rate.currency === 'USD')).toMatchObject({
      rate_per_eur: '1.0800000000',
      source: 'seed',
    })
    expect((await call(app, '/api/v1/fx-rates')).status).toBe(401)
  })

  it('lets platform admins add a rate, validated, and refuses everyone else', async () => {
    expect((await call(app, '/api/v1/fx-rates', { jar: user, body: { currency: 'USD', rate_per_eur: '1.2', as_of: '2026-11-21' } })).status).toBe(403)
    const invalid = await call(app, '/api/v1/fx-rates', { jar: admin, body: { currency: 'EURO', rate_per_eur: '-1', as_of: '2026-13-01' } })
    expect(invalid.status).toBe(422)
    expect(Object.keys((invalid.json.details as { fields: object }).fields).sort()).toEqual(['as_of', 'currency', 'rate_per_eur'])
    const saved = await call(app, '/api/v1/fx-rates', { jar: admin, body: { currency: 'isk', rate_per_eur: '149.5', as_of: '2026-11-21' } })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ currency: 'ISK', rate_per_eur: '149.5000000000', as_of: '2026-11-21', source: 'manual' })
    // The cached table forgets at once. It carries rates without the column's trailing zeros (the same numbers), and a
    // day only for a rate older than the table's newest.
    const table = await rateTable('2026-11-21')
    expect(table.perEur.ISK).toBe('149.5')
    expect(table.asOf).toBe('2026-11-21')
    expect(table.days?.ISK).toBeUndefined()
    expect(rateDay(table, 'ISK', 'EUR')).toBe('2026-11-21')
    expect(Object.values(table.days ?? {}).every((day) => day < '2026-11-21')).toBe(true)
  })

  it('says the ECB importer is off when FX_ECB_URL is unset, and changes nothing', async () => {
    setEnvForTesting(testEnv())
    const response = await call(app, '/api/v1/fx-rates/import-ecb', { jar: admin, method: 'POST' })
    expect(response.status).toBe(503)
    expect(response.json).toMatchObject({ code: 'unavailable', details: { reason: 'not_configured' } })
    expect((await call(app, '/api/v1/fx-rates/import-ecb', { jar: user, method: 'POST' })).status).toBe(403)
  })

  it('refuses a malformed feed whole (422) and imports the ECB’s rates, keeping an admin’s rate of the same day', async () => {
    setEnvForTesting(testEnv({ FX_ECB_URL: feedUrl }))
    const usdBefore = await rateOf('USD')
    feedBody = MALFORMED
    const refused = await call(app, '/api/v1/fx-rates/import-ecb', { jar: admin, method: 'POST' })
    expect(refused.status).toBe(422)
    expect(await rateOf('USD')).toEqual(usdBefore)

    await call(app, '/api/v1/fx-rates', { jar: admin, body: { currency: 'JPY', rate_per_eur: '160', as_of: '2026-11-20' } })
    feedBody = FIXTURE
    const imported = await call(app, '/api/v1/fx-rates/import-ecb', { jar: admin, method: 'POST' })
    expect(imported.status).toBe(200)
    expect(imported.json).toEqual({ as_of: '2026-11-20', count: 30 })
    expect(await rateOf('USD')).toMatchObject({ ratePerEur: '1.0812000000', source: 'ecb', asOf: '2026-11-20' })
    expect(await rateOf('JPY')).toMatchObject({ ratePerEur: '160.0000000000', source: 'manual' })
    expect((await rateTable('2026-11-20')).perEur.USD).toBe('1.0812')
  })

  it('says so when the feed cannot be reached', async () => {
    setEnvForTesting(testEnv({ FX_ECB_URL: 'http://127.0.0.1:9/unreachable.xml' }))
    const response = await call(app, '/api/v1/fx-rates/import-ecb', { jar: admin, method: 'POST' })
    expect(response.status).toBe(503)
    expect(response.json).toMatchObject({ details: { reason: 'unreachable' } })
  })
})
