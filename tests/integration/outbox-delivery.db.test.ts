import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createOrderParties } from '../factories/orders'
import { type Notice, recordNotice } from '../../app/modules/companies/index.server'
import { notifications } from '../../app/modules/kernel/kernel.tables.server'
import { database } from '../../app/platform/db/index.server'
import { sendJob, startJobs, stopJobs } from '../../app/platform/jobs/index.server'
import { devMessages } from '../../app/platform/mail/mail.tables.server'
import { relayOutboxJob } from '../../app/platform/outbox/outbox.jobs.server'
import { type BusinessEvent, recordEvent, relayPendingEvents } from '../../app/platform/outbox/outbox.server'
import { outboxEvents } from '../../app/platform/outbox/outbox.tables.server'
import { setRealtimeEmitter } from '../../app/platform/realtime/publisher.server'

/**
 * Issue 17's outbox with the real handlers: a change's live update, in-app notice and mail go out after commit, never
 * for a rolled-back change, and still after a crash between commit and delivery (the relay job, as after a restart).
 */
type Emitted = { rooms: string[]; event: string; payload: Record<string, unknown> }
let emitted: Emitted[] = []
let parties: Awaited<ReturnType<typeof createOrderParties>>

beforeAll(async () => {
  parties = await createOrderParties()
  setRealtimeEmitter({ emit: (rooms, event, payload) => emitted.push({ rooms, event, payload: payload as Record<string, unknown> }) })
})
afterAll(() => setRealtimeEmitter(null))
beforeEach(() => {
  emitted = []
})

const mailsTo = async (email: string) =>
  database()
    .select({ subject: devMessages.subject })
    .from(devMessages)
    .where(and(eq(devMessages.recipient, email), eq(devMessages.channel, 'mail')))
const noticesOf = async (userId: string) => database().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))

/** The supplier hears that an order was placed: what `transitionPurchaseOrder` records. */
function orderPlaced(number: string): { notice: Notice; event: BusinessEvent } {
  const notice: Notice = {
    companyId: parties.supplier.company.id,
    exceptUserId: parties.buyer.user.id,
    kind: 'purchase_order.place',
    params: { number, company: 'Harbour Lights Trading', total: '125.00 USD', reason: '' },
    link: `/app/supplier/orders/${number}`,
  }
  const change = { companyIds: [parties.buyer.company.id, parties.supplier.company.id], entity: 'purchase_order' as const, id: number, action: 'place' }
  return { notice, event: { name: 'purchase_order.place', changes: [change], notices: [notice], actorUserId: parties.buyer.user.id } }
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await sleep(50)
  }
}

describe('outbox delivery (issue 17)', () => {
  it('sends nothing for a change whose transaction rolled back: no notice, no live update, no mail', async () => {
    const { notice, event } = orderPlaced('PO-ROLLED-BACK')
    await expect(
      database().transaction(async (tx) => {
        await recordNotice(tx, notice)
        await recordEvent(tx, event)
        throw new Error('the order could not be placed')
      }),
    ).rejects.toThrow('the order could not be placed')

    expect(await relayPendingEvents(new Date(Date.now() + 60_000))).toBe(0)
    expect(await noticesOf(parties.supplier.user.id)).toEqual([])
    expect(emitted).toEqual([])
    expect(await mailsTo(parties.supplier.user.email)).toEqual([])
  })

  it('delivers a change committed just before a crash once the relay job runs after the restart, once', async () => {
    const { notice, event } = orderPlaced('PO-CRASHED')
    // Committed a minute ago; the server died before its after-commit relay.
    await database().transaction(async (tx) => {
      await recordNotice(tx, notice)
      await recordEvent(tx, event, new Date(Date.now() - 60_000))
    })
    expect(emitted).toEqual([])
    expect(await mailsTo(parties.supplier.user.email)).toEqual([])

    // The restarted worker runs the relay job at once (server/app.ts `catchUpOnStart`).
    await startJobs([relayOutboxJob])
    try {
      await sendJob(relayOutboxJob, {})
      await waitFor(async () => (await database().select().from(outboxEvents)).every((row) => row.deliveredAt !== null))
    } finally {
      await stopJobs()
    }

    expect(emitted.map((entry) => [entry.event, entry.rooms.length])).toEqual([
      ['entity:changed', 2],
      ['notification:new', 1],
    ])
    expect(emitted[0]!.payload).toMatchObject({ entity: 'purchase_order', id: 'PO-CRASHED', action: 'place' })
    expect(await noticesOf(parties.supplier.user.id)).toEqual([{ kind: 'purchase_order.place' }])
    expect(await mailsTo(parties.supplier.user.email)).toHaveLength(1)
    // Nothing is delivered a second time.
    expect(await relayPendingEvents(new Date(Date.now() + 10 * 60_000))).toBe(0)
    expect(emitted).toHaveLength(2)
    expect(await mailsTo(parties.supplier.user.email)).toHaveLength(1)
  })
})
