import type { Transaction } from '../../platform/db/index.server'

/**
 * What the kernel must know of companies, which come after it in the module order: the names a notification mail's
 * footer shows, whether a company is deleted (its public imagery is hidden then), and the company's own references to
 * a file it deletes. Companies provide them when their index loads, as server/api/router.ts provides the API caller.
 */
export type CompanyFacts = {
  /** The names of the companies among `ids` (an unknown id has no entry). */
  names(ids: string[]): Promise<Map<string, string>>
  /** Whether the company is deleted and waits for its purge. */
  isDeleted(companyId: string): Promise<boolean>
  /**
   * In the transaction that deletes the company's file, before its row goes: refuses the deletion (throws) or lets go of
   * the company's references to it; true when the company's cached facts must be refreshed after commit.
   */
  releaseFile(tx: Transaction, companyId: string, fileId: string): Promise<boolean>
  /** Refreshes the company's cached facts after a change has committed. */
  refresh(companyId: string): Promise<void>
}

const holder = globalThis as unknown as { __tradeportCompanyFacts?: CompanyFacts }

export function provideCompanyFacts(facts: CompanyFacts): void {
  holder.__tradeportCompanyFacts = facts
}

export function companyFacts(): CompanyFacts {
  const provided = holder.__tradeportCompanyFacts
  if (!provided) throw new Error('No company facts: load the companies module (its index.server.ts provides them)')
  return provided
}
