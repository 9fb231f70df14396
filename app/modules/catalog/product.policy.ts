import type { CompanyKind } from '../../platform/actor'

/** Company kinds that sell goods or services and so may list products. */
export const SUPPLYING_KINDS: readonly CompanyKind[] = ['supplier', 'both', 'service_provider']

/** Only suppliers whose verification was accepted or is under review may publish (issue 5). */
export function canPublishProducts(company: { kind: CompanyKind; verificationStatus: string }): boolean {
  return SUPPLYING_KINDS.includes(company.kind) && (company.verificationStatus === 'accept' || company.verificationStatus === 'pending')
}
