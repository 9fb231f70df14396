import { GUARD_CONFIG, matchesPathPattern } from './auth-guard'

/** What decides which signed-in pages a person may open. */
export type Visitor = { platformAdmin: boolean; hasCompany: boolean }

/** Pages whose services refuse everyone but platform admins (403). Paths are locale-free. */
const PLATFORM_ADMIN_PAGES = [
  '/app/users/**',
  '/app/verification/**',
  '/app/categories',
  '/app/fx-rates',
  '/app/jobs',
  '/app/playground/mail',
  '/app/finance/reviews',
]

/** Signed-in pages that work without a company; every other page of these areas works inside the active company (else 403). */
const COMPANY_FREE_PAGES = ['/app/dashboard', '/app/user/**', '/app/switch-company', '/app/team/join', '/app/notifications/**', '/onboarding']
const COMPANY_AREAS = ['/app/**', '/supplier/**', '/dev', '/dev/**']

const matchesAny = (path: string, patterns: readonly string[]) => patterns.some((pattern) => matchesPathPattern(path, pattern))

/** Whether the page at `path` (locale-free) lets this visitor in, by the same rules its services apply. */
export function mayOpenPage(path: string, visitor: Visitor): boolean {
  if (matchesAny(path, PLATFORM_ADMIN_PAGES)) return visitor.platformAdmin
  if (matchesAny(path, COMPANY_FREE_PAGES) || matchesAny(path, GUARD_CONFIG.exclude)) return true
  return matchesAny(path, COMPANY_AREAS) ? visitor.hasCompany : true
}
