// The getting-started guide: the steps that make a new company useful, each marked done from the company's own data.
import type { ServiceContext } from '../../platform/actor'
import { catalogueProgress } from '../../modules/catalog/index.server'
import { companyProgress } from '../../modules/companies/index.server'
import { sourcingProgress } from '../../modules/sourcing/index.server'
import type { Guide, GuideStep } from './guide-steps'

type Viewer = { contactVerified: boolean; twoFactor: boolean; companyName: string }

/** The steps for the actor's company (buying steps for buyers, selling steps for suppliers, both for `both`). */
export async function loadGuide(ctx: ServiceContext, viewer: Viewer): Promise<Guide> {
  const kind = ctx.actor.companyKind
  const buys = kind === 'buyer' || kind === 'both'
  const sells = kind === 'supplier' || kind === 'both' || kind === 'service_provider'
  const [company, sourcing, catalogue] = await Promise.all([
    companyProgress(ctx),
    buys ? sourcingProgress(ctx) : Promise.resolve(null),
    sells && kind !== 'service_provider' ? catalogueProgress(ctx) : Promise.resolve(null),
  ])
  const steps: GuideStep[] = [
    { id: 'verifyContact', group: 'account', done: viewer.contactVerified, href: '/app/user/verify' },
    { id: 'twoFactor', group: 'account', done: viewer.twoFactor, href: '/app/user/two-factor' },
    { id: 'addAddress', group: 'company', done: company.hasAddress, href: '/app/settings/address' },
    { id: 'addLogo', group: 'company', done: company.hasLogo, href: '/app/settings' },
    { id: 'inviteTeam', group: 'company', done: company.members > 1 || company.invitations > 0, href: '/app/settings/team' },
  ]
  if (sourcing) {
    steps.push(
      { id: 'createProject', group: 'buying', done: sourcing.projects > 0, href: '/app/purchase/projects/create' },
      { id: 'findSuppliers', group: 'buying', done: sourcing.shortlisted > 0, href: '/app/sourcing/find' },
      { id: 'sendRfq', group: 'buying', done: sourcing.rfqsSent > 0, href: '/app/sourcing/rfq' },
    )
  }
  if (sells) {
    steps.push({
      id: 'applyVerification',
      group: 'selling',
      done: company.verificationStatus === 'pending' || company.verificationStatus === 'accept',
      href: '/app/supplier/onboarding',
    })
  }
  if (catalogue) {
    steps.push(
      { id: 'addProducts', group: 'selling', done: catalogue.hasProducts, href: '/app/products/edit' },
      { id: 'publishProducts', group: 'selling', done: catalogue.hasPublished, href: '/app/products' },
      { id: 'activatePriceList', group: 'selling', done: catalogue.activePriceList, href: '/app/price/new.list' },
    )
  }
  const done = steps.filter((step) => step.done).length
  return { company: viewer.companyName, steps, done, total: steps.length }
}
