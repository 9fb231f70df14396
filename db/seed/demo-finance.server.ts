// The demo's money (issue 21): the demo supplier onboarded for finance (KYC accepted, a verified USD account), the
// demo buyer's USD orders paid by bank transfer as their terms ask — the completed ones held and released on their
// delivery days (so the account page's statement and cash-flow chart show the past months), the running order's
// deposit in escrow and its balance awaiting a transfer — and two payouts, one paid and one waiting for the admin.
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { StartPaymentInput, RequestPayoutInput } from '../../app/modules/finance/index'
import { closePayout, decidePayout, holdPayment, moneyStep, requestPayout, startPayment, uploadStatement } from '../../app/modules/finance/index.server'
import { bankAccounts, kycProfiles, payments } from '../../app/modules/finance/finance.tables.server'
import { PAYMENT_PLANS } from '../../app/modules/finance/index'
import { purchaseOrders } from '../../app/modules/orders/orders.tables.server'
import { users } from '../../app/modules/identity/identity.tables.server'
import type { ServiceContext } from '../../app/platform/actor'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoMember } from './demo-orders.server'

const RETURN_URL = 'http://localhost:3000/en/app/orders'

export async function seedDemoFinance(): Promise<void> {
  const buyer = await demoMember(DEMO_ACCOUNTS[0].email)
  const supplier = await demoMember(DEMO_ACCOUNTS[1].email)
  const [adminUser] = await database().select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[2].email))
  if (!buyer || !supplier || !adminUser) return
  const [paid] = await database().select({ id: payments.id }).from(payments).where(eq(payments.buyerOrganizationId, buyer.companyId)).limit(1)
  if (paid) return
  const buyerCtx = contextOf(buyer.userId, buyer.companyId)
  const supplierCtx = contextOf(supplier.userId, supplier.companyId)
  const base = contextOf(adminUser.id, '')
  const admin: ServiceContext = { ...base, actor: { ...base.actor, companyId: null, memberRole: null, platformRole: 'admin' } }

  const bankAccountId = await onboardSupplier(supplier.companyId)
  const orders = await database()
    .select({ id: purchaseOrders.id, status: purchaseOrders.status, paymentTerms: purchaseOrders.paymentTerms, deliveredAt: purchaseOrders.deliveredAt })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.buyerCompanyId, buyer.companyId),
        eq(purchaseOrders.supplierCompanyId, supplier.companyId),
        eq(purchaseOrders.currency, 'USD'),
        inArray(purchaseOrders.status, ['completed', 'in_production', 'shipped']),
      ),
    )
    .orderBy(asc(purchaseOrders.createdAt))
  // Booked in the order it happened (a statement's running balance follows its postings), never in the future.
  const now = Date.now()
  const dated = orders
    .map((order) => ({ ...order, at: new Date(Math.min(order.status === 'completed' && order.deliveredAt ? order.deliveredAt.getTime() : now, now)) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime())
  let count = 0
  for (const order of dated) {
    const stages = PAYMENT_PLANS[order.paymentTerms].map((instalment) => instalment.stage)
    // A running order has paid its deposit only; a completed one paid everything, on the day it arrived.
    const toPay = order.status === 'completed' ? stages : stages.slice(0, 1)
    const at = order.at
    for (const stage of toPay) {
      const { id } = await startPayment(buyerCtx, StartPaymentInput.parse({ orderId: order.id, stage, provider: 'bank_transfer' }), { returnUrl: RETURN_URL })
      const [row] = await database().update(payments).set({ createdAt: at }).where(eq(payments.id, id)).returning()
      await moneyStep(async (tx, events) => events.push(...(await holdPayment(tx, id, { amountMinor: row!.amountMinor, currency: row!.currency }, admin, at))))
      count += 1
    }
    // The running order's balance: asked for, waiting for the buyer's transfer (its reference is on the order page).
    if (order.status !== 'completed' && stages.length > 1)
      await startPayment(buyerCtx, StartPaymentInput.parse({ orderId: order.id, stage: stages[1], provider: 'bank_transfer' }), { returnUrl: RETURN_URL })
  }
  const payout = (amount: string) => requestPayout(supplierCtx, RequestPayoutInput.parse({ bankAccountId, currency: 'USD', amount }))
  const first = await payout('2000')
  await decidePayout(admin, first.id, { decision: 'accept' })
  await closePayout(admin, first.id, { outcome: 'paid', bankReference: 'BOC-JDZ-20261120-0187' })
  await payout('750')
  // The admin's work list: a transfer quoting no payment of ours, and the bank's own charge.
  const today = new Date().toISOString().slice(0, 10)
  await uploadStatement(admin, {
    fileName: `escrow-statement-${today}.csv`,
    csvText: [
      'date,amount,currency,reference,payer,transaction_id',
      `${today},1250.00,USD,INV 2026-118 KOWLOON HOMEWARE,Kowloon Homeware Ltd,DEMO-TX-0001`,
      `${today},-35.00,USD,SWIFT CHARGES NOV,HSBC,DEMO-TX-0002`,
    ].join('\n'),
  })
  logger().info({ payments: count, payouts: 2 }, 'demo finance seeded')
}

/** The demo supplier's finance onboarding, as a platform admin accepted it, and its verified USD account at Bank of China. */
async function onboardSupplier(companyId: string): Promise<string> {
  const now = new Date()
  await database()
    .insert(kycProfiles)
    .values({
      organizationId: companyId,
      status: 'accept',
      legalName: 'Jingdezhen Bamboo Kiln Ceramics Co., Ltd.',
      registrationNumber: '91360200MA35K8QX2D',
      registrationCountry: 'CN',
      registeredAddress: '18 Cidu Avenue, Zhushan District, Jingdezhen, Jiangxi 333000, China',
      directorName: 'Sam Okafor',
      beneficialOwners: [
        { name: 'Sam Okafor', nationality: 'NG', ownershipPercent: '60', dateOfBirth: '1981-06-14' },
        { name: 'Liu Fang', nationality: 'CN', ownershipPercent: '40', dateOfBirth: '1979-11-03' },
      ],
      submittedAt: now,
      reviewedAt: now,
    })
    .onConflictDoNothing()
  const id = randomUUID()
  await database().insert(bankAccounts).values({
    id,
    organizationId: companyId,
    holderName: 'Jingdezhen Bamboo Kiln Ceramics Co., Ltd.',
    bankName: 'Bank of China, Jingdezhen Branch',
    country: 'CN',
    currency: 'USD',
    scheme: 'swift',
    accountNumber: '621700001234567890',
    bic: 'BKCHCNBJ620',
    status: 'verified',
    isDefault: true,
    reviewedAt: now,
  })
  return id
}
