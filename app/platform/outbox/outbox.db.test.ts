import { eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { database } from '../db/index.server'
import { roomOf } from '../realtime/events'
import { setRealtimeEmitter } from '../realtime/publisher.server'
import { runInRequestScope } from '../request-scope.server'
import {
  type BusinessEvent,
  MAX_ATTEMPTS,
  keepOnlyOutboxHandlersForTesting,
  type OutboxEvent,
  purgeOutboxEvents,
  recordEvent,
  registerOutboxHandler,
  relayEvents,
  relayPendingEvents,
  writeDeliveredMarks,
} from './outbox.server'
import { outboxEvents } from './outbox.tables.server'

// Issue 17: business events are written with the change and delivered after commit — never for a rolled-back change,
// still after a crash, once.
type Emitted = { rooms: string[]; event: string; payload: Record<string, unknown>; except: string[] }
let emitted: Emitted[] = []
let heard: OutboxEvent[] = []
let unsubscribe = () => {}
let restoreHandlers = () => {}

// Only the outbox's own handler and this file's: a worker that ran other files before has their modules' handlers too.
beforeAll(() => {
  restoreHandlers = keepOnlyOutboxHandlersForTesting(['realtime'])
})
afterAll(() => restoreHandlers())

beforeEach(() => {
  emitted = []
  heard = []
  setRealtimeEmitter({ emit: (rooms, event, payload, except = []) => emitted.push({ rooms, event, payload: payload as Record<string, unknown>, except }) })
  unsubscribe = registerOutboxHandler('test-listener', async (event) => {
    heard.push(event)
  })
})

afterEach(async () => {
  unsubscribe()
  setRealtimeEmitter(null)
  await database().delete(outboxEvents)
})

const MINUTE = 60_000
const later = (ms: number) => new Date(Date.now() + ms)

function placed(orderId: string): BusinessEvent {
  return {
    name: 'purchase_order.place',
    changes: [{ companyIds: ['buyer-co', 'supplier-co'], entity: 'purchase_order', id: orderId, action: 'place' }],
    notices: [{ companyId: 'supplier-co', kind: 'purchase_order.place' }],
  }
}

/** An event committed without its after-commit relay, as when the server died right after the commit. */
async function committedWithoutRelay(event: BusinessEvent): Promise<number> {
  return database().transaction((tx) => recordEvent(tx, event))
}

describe('the outbox', () => {
  it('delivers an event right after commit to realtime (leaving out the acting user) and to every handler', async () => {
    const id = await runInRequestScope({ requestId: 'r1', locale: 'en', clientIp: '127.0.0.1', userId: 'user-1' }, () =>
      database().transaction((tx) => recordEvent(tx, placed('po-1'))),
    )
    expect(emitted).toEqual([])
    await relayEvents([id])

    expect(emitted).toHaveLength(1)
    const [change] = emitted
    expect(change).toMatchObject({
      rooms: [roomOf.company('buyer-co'), roomOf.company('supplier-co')],
      event: 'entity:changed',
      except: [roomOf.user('user-1')],
    })
    expect(change!.payload).toEqual({ entity: 'purchase_order', id: 'po-1', action: 'place', at: expect.any(String) })
    expect(heard.map((event) => [event.name, event.notices])).toEqual([['purchase_order.place', [{ companyId: 'supplier-co', kind: 'purchase_order.place' }]]])
    // Its "delivered" mark waits a moment to be written with others' (the request does not wait for it).
    await writeDeliveredMarks()
    const [row] = await database().select().from(outboxEvents).where(eq(outboxEvents.id, id))
    expect(row).toMatchObject({ attempts: 1, handled: ['realtime', 'test-listener'], lastError: null, failedAt: null })
    expect(row!.deliveredAt).toBeInstanceOf(Date)

    // Delivered once: neither the fast path again nor the relay job sends it a second time.
    await relayEvents([id])
    expect(await relayPendingEvents(later(MINUTE))).toBe(0)
    expect(emitted).toHaveLength(1)
    expect(heard).toHaveLength(1)
  })

  it('marks fast-path deliveries within moments, together; until then the event stays claimed and no relay takes it', async () => {
    const ids: number[] = []
    for (const n of [1, 2, 3]) {
      const id = await database().transaction((tx) => recordEvent(tx, placed(`po-mark-${n}`)))
      await relayEvents([id])
      ids.push(id)
    }
    expect(heard).toHaveLength(3)
    // Delivered, whether or not marked yet: the lease keeps the relay job away.
    expect(await relayPendingEvents(later(MINUTE))).toBe(0)
    expect(heard).toHaveLength(3)
    await expect
      .poll(async () => (await database().select().from(outboxEvents).where(inArray(outboxEvents.id, ids))).filter((row) => row.deliveredAt !== null).length, {
        timeout: 5_000,
      })
      .toBe(3)
    const rows = await database().select().from(outboxEvents).where(inArray(outboxEvents.id, ids))
    expect(rows.every((row) => row.attempts === 1 && row.lastError === null && row.handled.includes('test-listener'))).toBe(true)
  })

  it('emits nothing for a rolled-back transaction: no row, nothing published, no handler called', async () => {
    let recorded: number | undefined
    await expect(
      database().transaction(async (tx) => {
        recorded = await recordEvent(tx, placed('po-2'))
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')

    expect(recorded).toEqual(expect.any(Number))
    await relayEvents([recorded!])
    expect(await relayPendingEvents(later(MINUTE))).toBe(0)
    expect(await database().select().from(outboxEvents)).toEqual([])
    expect(emitted).toEqual([])
    expect(heard).toEqual([])
  })

  it('delivers an event committed before a crash once the relay job runs, oldest first, exactly once with two relays racing', async () => {
    const ids = []
    for (const n of [1, 2, 3, 4, 5]) ids.push(await committedWithoutRelay(placed(`po-crash-${n}`)))
    // During the committing request's grace the relay job leaves the events to it.
    expect(await relayPendingEvents()).toBe(0)
    expect(heard).toEqual([])

    // After a restart, two instances' relays (and a late fast path) race for them.
    const claimed = await Promise.all([relayPendingEvents(later(MINUTE)), relayPendingEvents(later(MINUTE)), relayEvents(ids).then(() => 0)])
    expect(claimed[0] + claimed[1]).toBe(5)
    expect(heard.map((event) => event.changes[0]!.id).sort()).toEqual(['po-crash-1', 'po-crash-2', 'po-crash-3', 'po-crash-4', 'po-crash-5'])
    expect(emitted).toHaveLength(5)
    // Outside a request no one is left out.
    expect(emitted.every((entry) => entry.except.length === 0)).toBe(true)
    const rows = await database().select().from(outboxEvents).where(inArray(outboxEvents.id, ids))
    expect(rows.every((row) => row.deliveredAt !== null && row.attempts === 1)).toBe(true)
  })

  it('retries a failing handler with back-off without blocking later events or repeating the handlers that succeeded', async () => {
    let healed = false
    const stop = registerOutboxHandler('test-flaky', async (event) => {
      if (!healed && event.changes[0]!.id === 'po-bad') throw new Error('webhook endpoint down')
    })
    try {
      const bad = await committedWithoutRelay(placed('po-bad'))
      const good = await committedWithoutRelay(placed('po-good'))
      expect(await relayPendingEvents(later(MINUTE))).toBe(2)
      expect(heard.map((event) => event.id)).toEqual([bad, good])

      const [failing] = await database().select().from(outboxEvents).where(eq(outboxEvents.id, bad))
      expect(failing).toMatchObject({ attempts: 1, deliveredAt: null, failedAt: null, lastError: 'test-flaky: webhook endpoint down' })
      expect(failing!.handled).toEqual(['realtime', 'test-listener'])
      // Back-off: not before 30 s after the failed attempt, then twice as long.
      expect(await relayPendingEvents(later(MINUTE + 20_000))).toBe(0)
      expect(await relayPendingEvents(later(2 * MINUTE))).toBe(1)
      const [again] = await database().select().from(outboxEvents).where(eq(outboxEvents.id, bad))
      expect(again!.attempts).toBe(2)
      expect(again!.availableAt.getTime()).toBeGreaterThanOrEqual(later(2 * MINUTE + 60_000).getTime() - 5_000)

      healed = true
      expect(await relayPendingEvents(later(10 * MINUTE))).toBe(1)
      const [delivered] = await database().select().from(outboxEvents).where(eq(outboxEvents.id, bad))
      expect(delivered).toMatchObject({ attempts: 3, lastError: null, handled: ['realtime', 'test-listener', 'test-flaky'] })
      // The handlers that had delivered it did not hear it again.
      expect(emitted.filter((entry) => entry.payload.id === 'po-bad')).toHaveLength(1)
      expect(heard.filter((event) => event.id === bad)).toHaveLength(1)
    } finally {
      stop()
    }
  })

  it(`leaves an event failed after ${MAX_ATTEMPTS} attempts, and purges old delivered and failed events`, async () => {
    const stop = registerOutboxHandler('test-broken', async () => {
      throw new Error('always')
    })
    try {
      const id = await committedWithoutRelay(placed('po-never'))
      for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt += 1) await relayPendingEvents(later(attempt * 60 * MINUTE))
      const [row] = await database().select().from(outboxEvents).where(eq(outboxEvents.id, id))
      expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, deliveredAt: null, lastError: 'test-broken: always' })
      expect(row!.failedAt).toBeInstanceOf(Date)
    } finally {
      stop()
    }
    const delivered = await committedWithoutRelay(placed('po-old'))
    await relayEvents([delivered])
    await writeDeliveredMarks()
    expect(await purgeOutboxEvents(later(2 * 86_400_000))).toBe(0)
    expect(await purgeOutboxEvents(later(4 * 86_400_000))).toBe(1)
    expect(await purgeOutboxEvents(later(31 * 86_400_000))).toBe(1)
    expect(await database().select().from(outboxEvents)).toEqual([])
  })

  it('marks an event whose payload cannot be read as failed at once', async () => {
    const [row] = await database()
      .insert(outboxEvents)
      .values({ name: 'rfq.publish', payload: { changes: 'not a list' }, availableAt: new Date() })
      .returning()
    expect(await relayPendingEvents(later(1_000))).toBe(1)
    const [failed] = await database().select().from(outboxEvents).where(eq(outboxEvents.id, row!.id))
    expect(failed!.failedAt).toBeInstanceOf(Date)
    expect(failed!.lastError).toMatch(/^invalid payload/)
    expect(heard).toEqual([])
  })
})
