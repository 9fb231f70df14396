/** The public supplier application's steps and the form fields each one holds. */
export const ONBOARD_STEPS = ['account', 'company', 'supplier', 'documents', 'review'] as const
export type OnboardStep = (typeof ONBOARD_STEPS)[number]

export const ONBOARD_STEP_FIELDS: Record<OnboardStep, readonly string[]> = {
  account: ['name', 'identifier', 'password'],
  company: ['companyMode', 'kind', 'legalName', 'displayName', 'country', 'city', 'website', 'size', 'yearFounded', 'mainProducts', 'mainMarkets'],
  supplier: ['supplierType', 'capabilities', 'exportMarkets', 'description'],
  documents: ['documents', 'documentFileIds', 'file', 'message'],
  review: [],
}

/** Form errors that belong to the account step although no single field carries them. */
const ACCOUNT_ERROR_CODES = new Set(['weak_password', 'user_already_exists', 'rate_limited'])
const DOCUMENT_ERROR_CODES = new Set(['file_too_large', 'file_type_not_allowed', 'payload_too_large', 'unsupported_media_type'])

/** A field error key (`mainProducts.2` for a list item) belongs to its top-level field. */
export function fieldOf(errorKey: string): string {
  return errorKey.split('.')[0] ?? errorKey
}

export function stepOfField(field: string): OnboardStep | null {
  return ONBOARD_STEPS.find((step) => ONBOARD_STEP_FIELDS[step].includes(fieldOf(field))) ?? null
}

/** The step to reopen after a failed submission: the first one holding a failing field, else the one the error concerns. */
export function failingStep(fieldErrors: Record<string, string[]>, errorCode?: string): OnboardStep {
  const steps = Object.keys(fieldErrors)
    .map(stepOfField)
    .filter((step): step is OnboardStep => step !== null)
  const first = ONBOARD_STEPS.find((step) => steps.includes(step))
  if (first) return first
  if (errorCode && ACCOUNT_ERROR_CODES.has(errorCode)) return 'account'
  if (errorCode && DOCUMENT_ERROR_CODES.has(errorCode)) return 'documents'
  return 'review'
}
