// The getting-started guide: the steps that make a new company useful, each marked done from the company's own data
// through the modules' progress services (this workflow reads no table of its own or of theirs).
import type { ServiceContext } from '../../platform/actor'
import { SharedCache } from '../../platform/shared-cache.server'
import { catalogueProgress } from '../../modules/catalog/index.server'
import { canEditCompany, canManageMembers, type GuideState, hasRole } from '../../modules/companies/index'
import { companyProgress, completeGuide } from '../../modules/companies/index.server'
import { placedPurchaseOrder } from '../../modules/orders/index.server'
import { sourcingProgress } from '../../modules/sourcing/index.server'
import { type Guide, type GuideProgress, type GuideStep, PROFILE_PART_PAGES, PROFILE_PARTS, PUBLISHED_PRODUCTS_GOAL } from './guide-steps'

/**
 * The sidebar's figure per company and member (the contact step is the member's own). Every signed-in page shows it, so
 * it must not cost the ~8 existence queries of the steps each time: it is kept a minute, the guide page stores what it
 * read fresh, and a member whose guide is dismissed or finished never gets here (their membership, which every request
 * reads from its own cache, says so). Steps are done on many pages of many modules; dropping the figure on each of those
 * writes would tie them all to the guide, so a step done elsewhere shows in the sidebar within the minute instead. Like
 * the dashboard's figures it is not subscribed to other instances' changes: their copy lives out its minute.
 */
const SIDEBAR_TTL_MS = 60_000
const sidebarFigures = new SharedCache<GuideProgress>('tradeport:guide-progress-changed', SIDEBAR_TTL_MS)
const figureKey = (ctx: ServiceContext) => `${ctx.actor.companyId}|${ctx.actor.userId}`

/** The steps for the actor's company: buying steps for buyers, selling steps for suppliers and service providers, both for `both`. */
async function guideSteps(ctx: ServiceContext): Promise<GuideStep[]> {
  const { actor } = ctx
  const kind = actor.companyKind
  const buys = kind === 'buyer' || kind === 'both'
  const sells = kind === 'supplier' || kind === 'both' || kind === 'service_provider'
  // A service provider offers services, not a product catalogue.
  const catalogue = kind === 'supplier' || kind === 'both'
  const [company, sourcing, products, ordered] = await Promise.all([
    companyProgress(ctx),
    sourcingProgress(ctx, { buys, sells }),
    catalogue ? catalogueProgress(ctx, PUBLISHED_PRODUCTS_GOAL) : Promise.resolve(null),
    buys ? placedPurchaseOrder(ctx) : Promise.resolve(false),
  ])
  const profile = { logo: company.hasLogo, description: company.hasDescription, address: company.hasAddress }
  const parts = PROFILE_PARTS.map((part) => ({ part, done: profile[part], href: PROFILE_PART_PAGES[part] }))
  // Owners and admins edit the profile, manage members, apply for verification and run the catalogue.
  const admin = hasRole(actor, 'admin')
  const steps: GuideStep[] = [
    { id: 'verifyContact', group: 'account', done: actor.contactVerified, href: '/app/user/verify' },
    {
      id: 'completeProfile',
      group: 'company',
      done: parts.every((part) => part.done),
      href: parts.find((part) => !part.done)?.href ?? PROFILE_PART_PAGES.logo,
      needsAdmin: !canEditCompany(actor),
      parts,
    },
    { id: 'inviteColleague', group: 'company', done: company.invitedColleague, href: '/app/settings/team', needsAdmin: !canManageMembers(actor) },
  ]
  if (buys) {
    steps.push(
      { id: 'createProject', group: 'buying', done: sourcing.hasProject, href: '/app/purchase/projects/create' },
      { id: 'sendRfq', group: 'buying', done: sourcing.sentRfq, href: '/app/sourcing/rfq' },
      { id: 'awardOrder', group: 'buying', done: ordered, href: '/app/sourcing/quotations' },
    )
  }
  if (sells) {
    const status = company.verificationStatus
    steps.push({
      id: 'applyVerification',
      group: 'selling',
      done: status === 'pending' || status === 'accept',
      href: '/app/supplier/onboarding',
      needsAdmin: !admin,
    })
  }
  if (products) {
    steps.push(
      {
        id: 'publishProducts',
        group: 'selling',
        done: products.published >= PUBLISHED_PRODUCTS_GOAL,
        href: products.hasProducts ? '/app/products' : '/app/products/edit',
        needsAdmin: !admin,
        count: { done: products.published, goal: PUBLISHED_PRODUCTS_GOAL },
      },
      { id: 'createPriceList', group: 'selling', done: products.hasPriceList, href: '/app/price/new.list', needsAdmin: !admin },
    )
  }
  if (sells) steps.push({ id: 'answerRfq', group: 'selling', done: sourcing.answeredRfq, href: '/app/supplier/portal' })
  return steps
}

const progressOf = (steps: GuideStep[]): GuideProgress => ({ done: steps.filter((step) => step.done).length, total: steps.length })

/**
 * The guide page: every step read fresh, whatever the member's guide state. The first time every step is seen done the
 * membership records it (once; it leaves the sidebar for good); otherwise the fresh figure replaces the sidebar's.
 */
export async function loadGuide(ctx: ServiceContext, state: GuideState): Promise<Guide> {
  const steps = await guideSteps(ctx)
  const progress = progressOf(steps)
  const finished = progress.done === progress.total
  if (finished && state !== 'completed') await completeGuide(ctx)
  else sidebarFigures.changed([figureKey(ctx)], progress)
  return { ...progress, steps, state: finished ? 'completed' : state }
}

/** The sidebar's figure, or null when it shows none: no company, the guide dismissed, or every step done. */
export async function sidebarGuideProgress(ctx: ServiceContext, state: GuideState | undefined): Promise<GuideProgress | null> {
  if (state !== 'open' || !ctx.actor.companyId) return null
  const progress = await sidebarFigures.read(figureKey(ctx), async () => progressOf(await guideSteps(ctx)))
  if (progress.done < progress.total) return progress
  await completeGuide(ctx)
  return null
}
