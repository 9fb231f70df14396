// The ledger's invariants under random money movement (issue 21, fast-check): whatever sequence of pay, hold, release,
// refund, payout, reject and fail runs over several companies and currencies — refused commands included — every
// entry sums to zero, no company balance goes below zero, each buyer's escrow equals what its held payments still
// hold, and every kept balance equals the sum of its postings.
import fc from 'fast-check'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { BOOKS_HOLD, brokenBooks, platformAdmin, readyForPayouts } from '../../../tests/factories/finance'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { CreatePurchaseOrderInput } from '../orders/index'
import { createPurchaseOrder, transitionPurchaseOrder } from '../orders/index.server'
import { financeAccounts, journalEntries, payments, payouts, postings } from './finance.tables.server'
import { closePayout, companyBalances, decidePayout, holdPayment, moneyStep, requestPayout, startPayment } from './index.server'
import { RequestPayoutInput, StartPaymentInput } from './index'
import { heldRest, lockPayment, refundPaymentIn, releasePaymentIn } from './payment.service.server'
import { minorToDecimal } from '../../platform/format/money'

type Parties = Awaited<ReturnType<typeof createOrderParties>>
type Pair = { parties: Parties; currency: string; bankAccountId: string }

let pairs: Pair[]
let admin: ServiceContext

beforeAll(async () => {
  admin = await platformAdmin()
  pairs = []
  for (const currency of ['USD', 'EUR']) {
    const parties = await createOrderParties({ currency })
    pairs.push({ parties, currency, bankAccountId: await readyForPayouts(parties.supplier.company.id, currency) })
  }
}, 60_000)

/** A confirmed order of a pair, paid in two instalments (T/T 30/70). */
async function newOrder(pair: Pair): Promise<string> {
  const { parties } = pair
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, currency: pair.currency })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  return order.id
}

const Command = fc.oneof(
  fc.record({
    op: fc.constant('pay' as const),
    pair: fc.nat(1),
    order: fc.nat(1),
    stage: fc.constantFrom('deposit', 'balance'),
    confirm: fc.constantFrom(true, true, true, false),
  }),
  fc.record({ op: fc.constant('hold' as const), payment: fc.nat(20) }),
  fc.record({ op: fc.constant('release' as const), payment: fc.nat(20) }),
  fc.record({ op: fc.constant('refund' as const), payment: fc.nat(20), percent: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ op: fc.constant('payout' as const), pair: fc.nat(1), percent: fc.integer({ min: 1, max: 130 }) }),
  fc.record({ op: fc.constant('decide' as const), payout: fc.nat(10), outcome: fc.constantFrom('reject', 'paid', 'failed') }),
)
type Command = typeof Command extends fc.Arbitrary<infer T> ? T : never

/** The bank confirms exactly what the payment asks. */
async function hold(id: string): Promise<void> {
  const [row] = await database().select().from(payments).where(eq(payments.id, id))
  await moneyStep(async (tx, events) => events.push(...(await holdPayment(tx, id, { amountMinor: row!.amountMinor, currency: row!.currency }, admin))))
}

/** Runs a command; a refusal (any AppError) is part of the game: it must leave the books as they were. */
async function run(command: Command, state: { orders: string[][]; payments: string[]; payouts: string[] }): Promise<void> {
  try {
    if (command.op === 'pay') {
      const pair = pairs[command.pair]!
      const orderId = state.orders[command.pair]![command.order]!
      const { id } = await startPayment(pair.parties.buyer.ctx, StartPaymentInput.parse({ orderId, stage: command.stage, provider: 'bank_transfer' }), {
        returnUrl: 'http://127.0.0.1/',
      })
      state.payments.push(id)
      if (command.confirm) await hold(id)
    } else if (command.op === 'hold') {
      const id = state.payments[command.payment % Math.max(1, state.payments.length)]
      if (id) await hold(id)
    } else if (command.op === 'release' || command.op === 'refund') {
      const id = state.payments[command.payment % Math.max(1, state.payments.length)]
      if (!id) return
      await moneyStep(async (tx, events) => {
        const payment = await lockPayment(tx, id)
        if (command.op === 'release') events.push(...(await releasePaymentIn(tx, payment, admin)))
        else {
          const amount = (heldRest(payment) * BigInt(command.percent)) / 100n
          events.push(...(await refundPaymentIn(tx, payment, amount, 'property test', admin)).events)
        }
      })
    } else if (command.op === 'payout') {
      const pair = pairs[command.pair]!
      const [available] = await database()
        .select({ balance: financeAccounts.balanceMinor })
        .from(financeAccounts)
        .where(
          and(
            eq(financeAccounts.organizationId, pair.parties.supplier.company.id),
            eq(financeAccounts.kind, 'available'),
            eq(financeAccounts.currency, pair.currency),
          ),
        )
      const amount = ((available?.balance ?? 0n) * BigInt(command.percent)) / 100n
      if (amount <= 0n) return
      const input = RequestPayoutInput.parse({
        bankAccountId: pair.bankAccountId,
        currency: pair.currency,
        amount: minorToDecimal({ minor: amount, currency: pair.currency }),
      })
      state.payouts.push((await requestPayout(pair.parties.supplier.ctx, input)).id)
    } else {
      const id = state.payouts[command.payout % Math.max(1, state.payouts.length)]
      if (!id) return
      if (command.outcome === 'reject') await decidePayout(admin, id, { decision: 'reject', reason: 'property test' })
      else {
        const [row] = await database().select({ status: payouts.status }).from(payouts).where(eq(payouts.id, id))
        if (row?.status === 'pending') await decidePayout(admin, id, { decision: 'accept' })
        await closePayout(admin, id, command.outcome === 'paid' ? { outcome: 'paid', bankReference: 'PROP' } : { outcome: 'failed', reason: 'property test' })
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
  }
}

/** Each buyer's escrow balance per currency equals what its held payments still hold. */
async function escrowMatchesPayments(): Promise<void> {
  for (const { parties, currency } of pairs) {
    const held = await database()
      .select()
      .from(payments)
      .where(and(eq(payments.buyerOrganizationId, parties.buyer.company.id), eq(payments.currency, currency), eq(payments.status, 'held')))
    const expected = held.reduce((sum, payment) => sum + heldRest(payment), 0n)
    const escrow = (await companyBalances(database(), parties.buyer.company.id)).find((row) => row.kind === 'escrow' && row.currency === currency)
    expect(escrow?.balanceMinor ?? 0n).toBe(expected)
  }
}

describe('ledger invariants under random money movement', () => {
  it('keep every entry balanced, no balance negative, escrow equal to held payments, balances equal to postings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Command, { minLength: 10, maxLength: 20, size: 'max' }), async (commands) => {
        // Fresh orders each run: an order takes each instalment once.
        const state = { orders: [] as string[][], payments: [] as string[], payouts: [] as string[] }
        for (const pair of pairs) state.orders.push([await newOrder(pair), await newOrder(pair)])
        for (const command of commands) await run(command, state)
        expect(await brokenBooks()).toEqual(BOOKS_HOLD)
        await escrowMatchesPayments()
      }),
      { numRuns: Number(process.env.FINANCE_PROPERTY_RUNS ?? 6) },
    )
  }, 240_000)

  it('gives entries and postings time-ordered ids (UUID version 7), from TypeScript and from the database functions alike', async () => {
    // A payment held and released (entries written by TypeScript), then a payout (written by the database functions).
    const state = { orders: [[await newOrder(pairs[0]!)]], payments: [] as string[], payouts: [] as string[] }
    await run({ op: 'pay', pair: 0, order: 0, stage: 'deposit', confirm: true }, state)
    await run({ op: 'release', payment: 0 }, state)
    await run({ op: 'payout', pair: 0, percent: 50 }, state)
    expect(state.payouts).toHaveLength(1)
    const entries = await database().select({ id: journalEntries.id, kind: journalEntries.kind }).from(journalEntries)
    const lines = await database().select({ id: postings.id }).from(postings)
    const kinds = new Set(entries.map((entry) => entry.kind))
    expect(kinds.has('payment_held') && kinds.has('payout_requested')).toBe(true)
    const version7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(entries.filter((entry) => !version7.test(entry.id))).toEqual([])
    expect(lines.filter((line) => !version7.test(line.id))).toEqual([])
  })
})
