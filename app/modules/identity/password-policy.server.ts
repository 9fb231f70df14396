import { dictionary } from '@zxcvbn-ts/language-common'
import { AppError } from '../../platform/errors'
import { type PasswordIdentity, weakPasswordReasons } from './password-policy'

let commonPasswords: Set<string> | undefined

function isCommonPassword(candidate: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))
  return commonPasswords.has(candidate)
}

/** Throws `weak_password` with the reasons when the password fails the policy. */
export function assertStrongPassword(password: string, identity: PasswordIdentity): void {
  const reasons = weakPasswordReasons(password, identity, isCommonPassword)
  if (reasons.length > 0) throw new AppError('weak_password', 'Password is too weak', { reasons })
}

export function passwordWeaknesses(password: string, identity: PasswordIdentity) {
  return weakPasswordReasons(password, identity, isCommonPassword)
}
