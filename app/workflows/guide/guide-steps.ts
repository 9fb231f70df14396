// The getting-started guide's steps, by what the company does. Isomorphic: the workflow marks them done, the page names
// them (guide:steps.<id>.title / .description / .action).

export const GUIDE_GROUPS = ['account', 'company', 'buying', 'selling'] as const
export type GuideGroup = (typeof GUIDE_GROUPS)[number]

export const GUIDE_STEPS = [
  'verifyContact',
  'twoFactor',
  'addAddress',
  'addLogo',
  'inviteTeam',
  'createProject',
  'findSuppliers',
  'sendRfq',
  'applyVerification',
  'addProducts',
  'publishProducts',
  'activatePriceList',
] as const
export type GuideStepId = (typeof GUIDE_STEPS)[number]

export type GuideStep = { id: GuideStepId; group: GuideGroup; done: boolean; href: string }
export type Guide = { company: string; steps: GuideStep[]; done: number; total: number }
