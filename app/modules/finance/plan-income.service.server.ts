// Plan invoices paid by bank transfer (issue 24): the money arrives in the platform's bank account and is the platform's
// own income, booked in the ledger like every other movement. Billing owns the invoice; the workflow that marks it
// paid calls this in the same transaction.
import type { Transaction } from '../../platform/db/index.server'
import { platformAccount, postEntry } from './ledger.server'

export type PlanIncome = { currency: string; amountMinor: bigint; /** The invoice's number, quoted by the transfer. */ reference: string; createdBy: string }

/** Books a paid plan invoice: the cash in the platform's bank (external) against the platform's plan income. */
export async function recordPlanIncome(tx: Transaction, income: PlanIncome, now: Date = new Date()): Promise<string> {
  return postEntry(
    tx,
    {
      kind: 'plan_paid',
      currency: income.currency,
      reference: income.reference,
      createdBy: income.createdBy,
      postings: [
        { account: platformAccount('external_bank'), amountMinor: -income.amountMinor },
        { account: platformAccount('plan_income'), amountMinor: income.amountMinor },
      ],
    },
    now,
  )
}
