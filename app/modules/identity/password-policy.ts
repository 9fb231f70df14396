export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128

export const WEAK_PASSWORD_REASONS = ['length', 'too_long', 'common', 'similar_to_identity', 'repetitive'] as const
export type WeakPasswordReason = (typeof WEAK_PASSWORD_REASONS)[number]

export type PasswordIdentity = { email?: string | null; name?: string | null; phoneNumber?: string | null }

const MIN_DISTINCT_CHARACTERS = 5
const IDENTITY_FRAGMENT_MIN = 4

function identityFragments(identity: PasswordIdentity): string[] {
  const fragments = new Set<string>()
  const email = identity.email?.toLowerCase().trim()
  if (email) {
    const [local = '', domain = ''] = email.split('@')
    fragments.add(local)
    for (const piece of local.split(/[._+-]/)) fragments.add(piece)
    fragments.add(domain.split('.')[0] ?? '')
  }
  for (const piece of identity.name?.toLowerCase().split(/\s+/) ?? []) fragments.add(piece)
  const digits = identity.phoneNumber?.replace(/\D/g, '') ?? ''
  if (digits.length >= 6) fragments.add(digits.slice(-6))
  return [...fragments].filter((f) => f.length >= IDENTITY_FRAGMENT_MIN)
}

/** Strips a short run of trailing digits and symbols: "password123!" becomes "password". */
function stripDecorations(password: string): string | null {
  const stripped = password.replace(/[\d\W_]{1,4}$/, '')
  return stripped !== password && stripped.length >= 4 ? stripped : null
}

/**
 * Why a password is too weak; an empty list means it is acceptable. `isCommon` answers whether a
 * lower-cased candidate is on the common-password list (a server-side data set).
 */
export function weakPasswordReasons(password: string, identity: PasswordIdentity, isCommon: (candidate: string) => boolean): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = []
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) reasons.push('length')
  if (length > PASSWORD_MAX_LENGTH) reasons.push('too_long')
  const lower = password.toLowerCase()
  const stripped = stripDecorations(lower)
  if (isCommon(lower) || (stripped !== null && isCommon(stripped))) reasons.push('common')
  if (identityFragments(identity).some((fragment) => lower.includes(fragment))) reasons.push('similar_to_identity')
  if (new Set(lower).size < MIN_DISTINCT_CHARACTERS) reasons.push('repetitive')
  return reasons
}
