import { randomUUID } from 'node:crypto'
import { count, like, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { purchaseProjects } from '../../app/modules/sourcing/sourcing.tables.server'
import { Admission } from '../../app/platform/db/admission.server'
import { openPostgres } from '../../app/platform/db/database.server'
import { database, databaseAdmission, databaseHandle, type DatabaseHandle, useDatabaseAdmission, useDatabaseHandle } from '../../app/platform/db/index.server'
import { env } from '../../app/platform/env.server'
import { noteDatabaseUnavailable } from '../../app/platform/request-scope.server'
import { createSourcingCast } from '../../tests/factories/sourcing'
import { call, type CookieJar, signInWithCookies, testApp } from '../../tests/support/http'
import { TcpProxy } from '../../tests/support/tcp-proxy'
import { TEST_PUBLIC_URL } from '../../tests/support/test-env'
import { createHttpApp } from '../http-app'

let app: ReturnType<typeof testApp>
let buyer: CookieJar
let ownHandle: DatabaseHandle

beforeAll(async () => {
  app = testApp()
  const cast = await createSourcingCast()
  buyer = await signInWithCookies(app, cast.buyer.user)
  ownHandle = databaseHandle()
})

afterEach(() => {
  useDatabaseHandle(ownHandle)
})

const createProject = (name: string) =>
  call(app, '/api/v1/projects', { body: { name, description: '', currency: 'USD', budget: '1000', deadline: '' }, jar: buyer })

async function projectsNamed(prefix: string): Promise<number> {
  const [row] = await database()
    .select({ n: count() })
    .from(purchaseProjects)
    .where(like(purchaseProjects.name, `${prefix}%`))
  return row?.n ?? 0
}

/** Holds one of the line's slots until released, as a long request would. */
function holdSlot() {
  let release = () => {}
  const held = databaseAdmission().run(() => new Promise<void>((resolve) => (release = resolve)))
  return async () => {
    release()
    await held
  }
}

describe('a database that cannot keep up', () => {
  it('turns requests beyond the line away with 503 and Retry-After within the wait bound, and a turned-away create writes nothing', async () => {
    useDatabaseAdmission(new Admission({ maxActive: 1, maxQueued: 2, maxWaitMs: 300 }))
    const prefix = `Shed ${randomUUID().slice(0, 8)}`
    const timed = async (n: number) => {
      const started = performance.now()
      const response = await createProject(`${prefix} ${n}`)
      return { ...response, ms: performance.now() - started }
    }
    const responses = await Promise.all(Array.from({ length: 12 }, (_, n) => timed(n)))
    const shed = responses.filter((r) => r.status === 503)
    expect(responses.map((r) => r.status).every((status) => status === 201 || status === 503)).toBe(true)
    expect(shed.length).toBeGreaterThan(0)
    for (const response of shed) {
      expect(response.headers.get('retry-after')).toBe('2')
      expect(response.json).toMatchObject({ code: 'unavailable', details: { reason: 'busy' } })
      // Turned away at once (line full) or after 300 ms in line: never after the handler would have run.
      expect(response.ms).toBeLessThan(2_000)
    }
    expect(await projectsNamed(prefix)).toBe(responses.filter((r) => r.status === 201).length)
  })

  it('shows a page request turned away the "service busy" page (503), not a 500', async () => {
    useDatabaseAdmission(new Admission({ maxActive: 1, maxQueued: 0, maxWaitMs: 100 }))
    const release = holdSlot()
    const page = await app.request(`${TEST_PUBLIC_URL}/zh-Hans/app/dashboard`)
    await release()
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('2')
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('服务繁忙')
    expect(html).toContain('<html lang="zh-Hans"')
    const health = await call(app, '/api/health')
    expect(health.status).toBe(200)
  })

  it('shows the "service busy" page (503) when a page loader finds the database unreachable', async () => {
    const pages = createHttpApp(env(), async () => {
      noteDatabaseUnavailable()
      return new Response('<!doctype html><title>500</title>', { status: 500, headers: { 'content-type': 'text/html' } })
    })
    const page = await pages.request(`${TEST_PUBLIC_URL}/en/app/dashboard`)
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('2')
    expect(await page.text()).toContain('Service Busy')
  })

  it('answers 503 with Retry-After, not 500, when the database is gone', async () => {
    // Nothing listens on port 1 of loopback: every connection is refused.
    const gone = openPostgres('postgres://tradeport@127.0.0.1:1/tradeport', 2)
    useDatabaseHandle(gone)
    const response = await createProject('Never written')
    await gone.close()
    expect(response.status, response.text).toBe(503)
    expect(response.headers.get('retry-after')).toBe('2')
    expect(response.json).toMatchObject({
      code: 'unavailable',
      message: 'The service is temporarily unavailable. Please try again shortly.',
      details: { reason: 'unreachable' },
    })
  })
})

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a PostgreSQL server that stops answering', () => {
  it('fails a create with 503 within 2 s, and the write never happens once the server is back', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '')
    // Each test file has its own copy of the template database: go through the proxy to this file's one.
    const [current] = (await database().execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>
    url.pathname = `/${current?.name ?? ''}`
    const proxy = await new TcpProxy(url.hostname, Number(url.port || 5432)).start()
    const proxied = openPostgres(proxy.urlFor(url.toString()), 2, { connectTimeoutMs: 1_500, statementTimeoutMs: 5_000 })
    try {
      useDatabaseHandle(proxied)
      const prefix = `Outage ${randomUUID().slice(0, 8)}`
      expect((await createProject(`${prefix} before`)).status).toBe(201)

      proxy.blackhole()
      // Let the pool see its connections drop, so the create has to open a new one (into the black hole).
      await new Promise((resolve) => setTimeout(resolve, 200))
      const started = performance.now()
      const during = await createProject(`${prefix} during`)
      const elapsed = performance.now() - started
      expect(during.status, during.text).toBe(503)
      expect(during.headers.get('retry-after')).toBe('2')
      expect(during.json).toMatchObject({ code: 'unavailable', details: { reason: 'unreachable' } })
      expect(elapsed).toBeLessThan(2_000)

      proxy.restore()
      // Long enough for any query postgres.js still held to have run once the server answers again.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect((await createProject(`${prefix} after`)).status).toBe(201)
      useDatabaseHandle(ownHandle)
      expect(await projectsNamed(`${prefix} during`)).toBe(0)
      expect(await projectsNamed(prefix)).toBe(2)
    } finally {
      await proxied.close()
      await proxy.close()
    }
  })
})
