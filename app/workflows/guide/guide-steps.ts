// The getting-started guide's steps, by what the company does. Isomorphic: the workflow marks them done, the page names
// them (guide:steps.<id>.title / .description / .action) and the sidebar shows how far the member got.
import type { GuideState } from '../../modules/companies/index'

export const GUIDE_PATH = '/app/guide'

export const GUIDE_GROUPS = ['account', 'company', 'buying', 'selling'] as const
export type GuideGroup = (typeof GUIDE_GROUPS)[number]

export const GUIDE_STEPS = [
  'verifyContact',
  'completeProfile',
  'inviteColleague',
  'createProject',
  'sendRfq',
  'awardOrder',
  'applyVerification',
  'publishProducts',
  'createPriceList',
  'answerRfq',
] as const
export type GuideStepId = (typeof GUIDE_STEPS)[number]

/** A supplier's catalogue counts as started once this many products are published. */
export const PUBLISHED_PRODUCTS_GOAL = 5

/** What a complete company profile has, each part with the page where it is added. */
export const PROFILE_PARTS = ['logo', 'description', 'address'] as const
export type ProfilePart = (typeof PROFILE_PARTS)[number]
export const PROFILE_PART_PAGES: Record<ProfilePart, string> = { logo: '/app/settings', description: '/app/settings', address: '/app/settings/address' }

export type GuideStep = {
  id: GuideStepId
  group: GuideGroup
  done: boolean
  /** Where the step is done: its first missing part for a step made of parts. */
  href: string
  /** Owners and admins do it, not the viewer: the page says so instead of sending them to a page that refuses them. */
  needsAdmin?: boolean
  /** Progress within a step that counts (published products). */
  count?: { done: number; goal: number }
  /** The parts of a step made of several (the company profile), each done or not. */
  parts?: Array<{ part: ProfilePart; done: boolean; href: string }>
}

/** How many steps are done: what the sidebar shows. */
export type GuideProgress = { done: number; total: number }

export type Guide = GuideProgress & { steps: GuideStep[]; state: GuideState }

/** The page itself (any language): the sidebar takes its figure from the page there, which reads it fresh. */
export function isGuidePage(localeFreePath: string): boolean {
  return localeFreePath.replace(/\/$/, '') === GUIDE_PATH
}
