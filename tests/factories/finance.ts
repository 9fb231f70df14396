// Finance in tests: a company ready for payouts (KYC accepted, a verified bank account), a platform admin, and the
// ledger's invariants checked straight from its tables.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { contextOf } from '../../db/factories/context'
import { createUser } from '../../db/factories/users'
import type { ServiceContext } from '../../app/platform/actor'
import { database } from '../../app/platform/db/index.server'
import { bankAccounts, kycProfiles } from '../../app/modules/finance/finance.tables.server'

/** Accepts the company's KYC and gives it a verified bank account in `currency`; answers the account's id. */
export async function readyForPayouts(companyId: string, currency = 'USD'): Promise<string> {
  await database()
    .insert(kycProfiles)
    .values({
      organizationId: companyId,
      status: 'accept',
      legalName: 'Ningbo Lamp Works Co., Ltd.',
      registrationNumber: '91330200MA2H8K5Q7N',
      registrationCountry: 'CN',
      registeredAddress: '88 Jiangnan Road, Ningbo',
      directorName: 'Chen Wei',
      beneficialOwners: [{ name: 'Chen Wei', nationality: 'CN', ownershipPercent: '100', dateOfBirth: '1978-04-02' }],
      submittedAt: new Date(),
      reviewedAt: new Date(),
    })
    .onConflictDoUpdate({ target: kycProfiles.organizationId, set: { status: 'accept' } })
  const id = randomUUID()
  await database().insert(bankAccounts).values({
    id,
    organizationId: companyId,
    holderName: 'Ningbo Lamp Works Co., Ltd.',
    bankName: 'HSBC',
    country: 'GB',
    currency,
    scheme: 'iban',
    accountNumber: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
    status: 'verified',
    isDefault: true,
  })
  return id
}

/** A platform admin acting without a company. */
export async function platformAdmin(): Promise<ServiceContext> {
  const user = await createUser()
  const ctx = contextOf(user.id, '')
  return { ...ctx, actor: { ...ctx.actor, companyId: null, memberRole: null, platformRole: 'admin' } }
}

/** The ledger's books as they stand: anything that breaks double entry, each listed (empty lists mean the books hold). */
export async function brokenBooks(): Promise<{
  unbalancedEntries: unknown[]
  negativeAccounts: unknown[]
  driftingAccounts: unknown[]
  unreconciledCurrencies: unknown[]
}> {
  const db = database()
  const rows = async (query: ReturnType<typeof sql>): Promise<unknown[]> => {
    const result: unknown = await db.execute(query)
    return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  }
  return {
    unbalancedEntries: await rows(sql`select entry_id, sum(amount_minor)::text as total from postings group by entry_id having sum(amount_minor) <> 0`),
    negativeAccounts: await rows(sql`select id, kind, balance_minor::text from finance_accounts where balance_minor < 0`),
    driftingAccounts: await rows(sql`
      select a.id, a.kind, a.balance_minor::text as kept, coalesce(sum(p.amount_minor), 0)::text as summed
      from finance_accounts a left join postings p on p.account_id = a.id
      where a.organization_id is not null
      group by a.id having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`),
    unreconciledCurrencies: await rows(sql`
      select a.currency, sum(p.amount_minor)::text as total from postings p join finance_accounts a on a.id = p.account_id
      group by a.currency having sum(p.amount_minor) <> 0`),
  }
}

export const BOOKS_HOLD = { unbalancedEntries: [], negativeAccounts: [], driftingAccounts: [], unreconciledCurrencies: [] }
