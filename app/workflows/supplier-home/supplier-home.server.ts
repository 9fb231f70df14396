// The supplier's home (`/app/supplier`): where the company stands as a seller, composed from the modules' services.
// The work that waits is the dashboard's supplier tasks (one list of work, two pages), here in order of urgency.
import type { ServiceContext } from '../../platform/actor'
import { catalogueSummary, type CatalogueSummary } from '../../modules/catalog/index.server'
import { companySetup } from '../../modules/companies/index.server'
import { getPreferences } from '../../modules/identity/index.server'
import { mayOfferServices, type OrderableService } from '../../modules/orders/index'
import { serviceOfferingCounts, supplierPipeline, type SupplierPipeline } from '../../modules/orders/index.server'
import type { VerificationStatus } from '../../modules/companies/index'
import { supplierTasks, type Task } from '../dashboard/dashboard.server'
import { prioritisedTasks } from './supplier-home-priority'

export type SupplierHome =
  /** Signed in without a company: the way is to set one up. */
  | { kind: 'noCompany' }
  /** A company that only buys: the way is to apply as a supplier. */
  | { kind: 'buyer' }
  | {
      kind: 'supplier'
      /** A service provider sells services, not products: it has no catalogue card. */
      serviceProvider: boolean
      verification: VerificationStatus
      catalogue: CatalogueSummary | null
      services: { total: number; byType: Record<OrderableService, number> }
      orders: SupplierPipeline
      /** Open RFQs the company is invited to and has not answered, the nearest deadline first (the dashboard's queue). */
      inbox: Task | null
      /** Everything that waits, the most urgent first. */
      attention: Task[]
    }

/** The supplier home of the actor's company, read now. */
export async function loadSupplierHome(ctx: ServiceContext, now: Date = new Date()): Promise<SupplierHome> {
  if (!ctx.actor.companyId) return { kind: 'noCompany' }
  if (!mayOfferServices(ctx.actor.companyKind)) return { kind: 'buyer' }
  const serviceProvider = ctx.actor.companyKind === 'service_provider'
  const [setup, preferences] = await Promise.all([companySetup(ctx), getPreferences(ctx)])
  const [tasks, catalogue, services, orders] = await Promise.all([
    supplierTasks(ctx, preferences.timezone ?? 'UTC', setup),
    serviceProvider ? Promise.resolve(null) : catalogueSummary(ctx),
    serviceOfferingCounts(ctx),
    supplierPipeline(ctx),
  ])
  return {
    kind: 'supplier',
    serviceProvider,
    verification: setup.verificationStatus,
    catalogue,
    services,
    orders,
    inbox: tasks.find((task) => task.id === 'rfqsToQuote') ?? null,
    attention: prioritisedTasks(tasks, now),
  }
}
