// The route check of a purchase project for platform admins (issue 25): reads the project through sourcing, its suppliers
// through companies, the providers of each lane through orders and the WTO notifications through compliance, then
// applies the pure rules of route-check.ts.
import type { ServiceContext } from '../../platform/actor'
import { requirePlatformAdmin } from '../../modules/companies/index'
import { companyTradeFacts, defaultShippingCountry } from '../../modules/companies/index.server'
import { epingNoticeCount } from '../../modules/compliance/index.server'
import { providersServing } from '../../modules/orders/index.server'
import { projectRouteFacts, type RouteProjectSummary } from '../../modules/sourcing/index.server'
import {
  type Coverage,
  coverageKey,
  deliveryCountries,
  membersFor,
  originCountries,
  type RouteCheck,
  routeChecks,
  type RouteFacts,
  serviceAreas,
} from './route-check'

/** How far back WTO notifications count for the compliance line. */
const NOTICE_DAYS = 365

export type ProjectRouteCheck = {
  project: RouteProjectSummary
  origins: string[]
  destinations: string[]
  checks: RouteCheck[]
}

/** Every check of one project (platform admins; an unknown project is not found). */
export async function checkProjectRoute(ctx: ServiceContext, projectId: string, today: Date = new Date()): Promise<ProjectRouteCheck> {
  requirePlatformAdmin(ctx.actor)
  const project = await projectRouteFacts(ctx, projectId)
  const supplierIds = [...new Set(project.rfqs.flatMap((rfq) => rfq.supplierIds))]
  const [suppliers, shippingCountry] = await Promise.all([companyTradeFacts(supplierIds), defaultShippingCountry(project.project.companyId)])
  const facts: RouteFacts = {
    requirements: project.requirements,
    rfqs: project.rfqs,
    suppliers: supplierIds.flatMap((id) => {
      const supplier = suppliers.get(id)
      return supplier ? [supplier] : []
    }),
    shippingCountry,
  }
  const destinations = deliveryCountries(facts).countries
  const origins = originCountries(facts)
  const areas = serviceAreas(origins, destinations)
  const hsCodes = [...new Set(facts.requirements.flatMap((requirement) => (requirement.hsCode ? [requirement.hsCode] : [])))]
  const since = new Date(today.getTime() - NOTICE_DAYS * 86_400_000).toISOString().slice(0, 10)
  const [found, notices] = await Promise.all([
    Promise.all(areas.map(async (area) => [coverageKey(area.service, area.countries), await providersServing(area.service, area.countries)] as const)),
    hsCodes.length > 0 ? epingNoticeCount({ hsCodes, members: [...new Set(destinations.flatMap(membersFor))], since }) : Promise.resolve(null),
  ])
  return { project: project.project, origins, destinations, checks: routeChecks(facts, new Map<string, Coverage>(found), notices) }
}
