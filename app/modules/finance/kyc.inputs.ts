import { isCountryCode } from '../../platform/countries'
import { z } from '../../platform/zod'
/** What a KYC document proves: who the director is (passport, ID card) or that the company exists (registration extract). */
export const KYC_DOCUMENT_KINDS = ['identity', 'registration'] as const
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number]
/** A beneficial owner holds at least this share (the usual anti-money-laundering threshold, in percent). */
export const OWNER_THRESHOLD_PERCENT = 25
export const MAX_BENEFICIAL_OWNERS = 4
export const MAX_KYC_DOCUMENTS = 10

const text = (max: number, message: string) => z.preprocess((value) => value ?? '', z.string(message).trim().max(max, message))
const countryOrEmpty = (message: string) =>
  z.preprocess(
    (value) => value ?? '',
    z
      .string(message)
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || isCountryCode(value), message),
  )

/** A percentage in hundredths, so shares add up exactly ("33.33" → 3333). */
export const percentHundredths = (percent: string): number => {
  const [whole = '0', fraction = ''] = percent.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

const isPastIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && value < new Date().toISOString().slice(0, 10)

const OwnerInput = z.object({
  name: z.string('validation.ownerName').trim().min(1, 'validation.ownerName').max(200, 'validation.ownerName'),
  nationality: z.string('validation.nationality').trim().toUpperCase().refine(isCountryCode, 'validation.nationality'),
  ownershipPercent: z
    .string('validation.ownershipPercent')
    .trim()
    .regex(/^\d{1,3}(?:\.\d{1,2})?$/, 'validation.ownershipPercent')
    .refine((value) => percentHundredths(value) <= 100_00, 'validation.ownershipPercent'),
  dateOfBirth: z.string('validation.dateOfBirth').trim().refine(isPastIsoDate, 'validation.dateOfBirth'),
})
type BeneficialOwnerRow = z.infer<typeof OwnerInput>

/** Each owner holds at least the threshold and together at most everything. */
function checkOwnership(owners: BeneficialOwnerRow[], ctx: z.RefinementCtx): void {
  owners.forEach((owner, index) => {
    if (percentHundredths(owner.ownershipPercent) < OWNER_THRESHOLD_PERCENT * 100)
      ctx.addIssue({ code: 'custom', path: [index, 'ownershipPercent'], message: 'validation.ownerBelowThreshold' })
  })
  if (owners.reduce((total, owner) => total + percentHundredths(owner.ownershipPercent), 0) > 100_00)
    ctx.addIssue({ code: 'custom', path: [], message: 'validation.ownershipTotal' })
}

/**
 * The company's finance onboarding as saved while a draft: any field may still be empty (submission asks for them all),
 * but what is there must be well-formed. `version` is the lock the editor saw (0 before the first save).
 */
export const KycDraftInput = z.object({
  version: z.coerce.number('validation.version').int().min(0, 'validation.version'),
  legalName: text(200, 'validation.legalName'),
  registrationNumber: text(100, 'validation.registrationNumber'),
  registrationCountry: countryOrEmpty('validation.country'),
  registeredAddress: text(500, 'validation.registeredAddress'),
  directorName: text(200, 'validation.directorName'),
  beneficialOwners: z.array(OwnerInput, 'validation.owners').max(MAX_BENEFICIAL_OWNERS, 'validation.owners').superRefine(checkOwnership),
  documents: z
    .array(
      z.object({ kind: z.enum(KYC_DOCUMENT_KINDS, 'validation.documentKind'), fileId: z.string('validation.file').trim().min(1, 'validation.file').max(64) }),
    )
    .max(MAX_KYC_DOCUMENTS, 'validation.documentsTooMany'),
})
export type KycDraftInput = z.infer<typeof KycDraftInput>

/** Submitting the draft the editor saw for review. */
export const SubmitKycInput = z.object({ version: z.coerce.number('validation.version').int().min(1, 'validation.version') })
export type SubmitKycInput = z.infer<typeof SubmitKycInput>

const REQUIRED_TEXT = ['legalName', 'registrationNumber', 'registrationCountry', 'registeredAddress', 'directorName'] as const

type KycContent = Record<(typeof REQUIRED_TEXT)[number], string> & { beneficialOwners: readonly unknown[]; documents: ReadonlyArray<{ kind: KycDocumentKind }> }

/** What a draft still lacks before it can be submitted: every text, an owner, and a document of each kind. */
export function kycSubmissionErrors(profile: KycContent): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const field of REQUIRED_TEXT) if (!profile[field]) errors[field] = ['validation.required']
  if (profile.beneficialOwners.length === 0) errors.beneficialOwners = ['validation.ownersRequired']
  for (const kind of KYC_DOCUMENT_KINDS)
    if (!profile.documents.some((document) => document.kind === kind)) errors[`${kind}Documents`] = [`validation.${kind}DocumentRequired`]
  return errors
}

/**
 * The onboarding form as the draft input: owners come as `beneficialOwners.<i>.<field>` rows (so their errors land
 * next to their fields) and kept documents as `document` values `<kind>:<fileId>`.
 */
export function kycInputFromForm(form: FormData): Record<string, unknown> {
  const value = (name: string) => {
    const entry = form.get(name)
    return typeof entry === 'string' ? entry : ''
  }
  const rows = new Set([...form.keys()].flatMap((key) => /^beneficialOwners\.(\d+)\./.exec(key)?.[1] ?? []))
  const owners = [...rows]
    .sort((a, b) => Number(a) - Number(b))
    .map((index) => ({
      name: value(`beneficialOwners.${index}.name`),
      nationality: value(`beneficialOwners.${index}.nationality`),
      ownershipPercent: value(`beneficialOwners.${index}.ownershipPercent`),
      dateOfBirth: value(`beneficialOwners.${index}.dateOfBirth`),
    }))
  const documents = form.getAll('document').flatMap((entry) => {
    const [kind, fileId] = String(entry).split(':')
    return kind && fileId ? [{ kind, fileId }] : []
  })
  return {
    version: value('version'),
    legalName: value('legalName'),
    registrationNumber: value('registrationNumber'),
    registrationCountry: value('registrationCountry'),
    registeredAddress: value('registeredAddress'),
    directorName: value('directorName'),
    beneficialOwners: owners,
    documents,
  }
}

/** How many pending profiles, and pending bank accounts, a review page lists at once, oldest first (the rest follow as those are decided). */
export const FINANCE_REVIEW_PAGE_SIZE = 50

/** A platform admin's decision on a KYC profile or a bank account: accept, or reject with the reason the company reads. */
export const FinanceReviewInput = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('accept') }),
    z.object({ decision: z.literal('reject'), reason: z.string('validation.reason').trim().min(2, 'validation.reason').max(1_000, 'validation.reason') }),
  ],
  { error: 'validation.decision' },
)
export type FinanceReviewInput = z.infer<typeof FinanceReviewInput>
