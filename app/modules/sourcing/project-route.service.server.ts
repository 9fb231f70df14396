// What a platform admin's route check reads of a purchase project (issue 25): the project, what it asks for and where,
// and the suppliers its RFQs invite. Any company's project: the check is a support tool, for platform admins only.
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requirePlatformAdmin } from '../companies/index'
import { companyNames } from '../companies/index.server'
import type { ProjectStatus, RfqStatus } from './sourcing.constants'
import { purchaseProjects, requirements, rfqInvitations, rfqs } from './sourcing.tables.server'

export type RouteProjectSummary = { id: string; number: string; name: string; status: ProjectStatus; companyId: string; companyName: string; createdAt: Date }

export type ProjectRouteFacts = {
  project: RouteProjectSummary
  requirements: Array<{ id: string; title: string; hsCode: string | null; destination: string }>
  rfqs: Array<{ id: string; number: string; status: RfqStatus; destination: string; supplierIds: string[] }>
}

/** Projects of every company, newest first, found by number or name (platform admins). */
export async function projectsForRouteCheck(
  ctx: ServiceContext,
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<{ items: RouteProjectSummary[]; total: number }> {
  requirePlatformAdmin(ctx.actor)
  const db = database()
  const where = query.q ? or(ilike(purchaseProjects.number, containsPattern(query.q)), ilike(purchaseProjects.name, containsPattern(query.q))) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: purchaseProjects.id,
        number: purchaseProjects.number,
        name: purchaseProjects.name,
        status: purchaseProjects.status,
        companyId: purchaseProjects.organizationId,
        createdAt: purchaseProjects.createdAt,
      })
      .from(purchaseProjects)
      .where(where)
      .orderBy(desc(purchaseProjects.createdAt), asc(purchaseProjects.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(purchaseProjects).where(where),
  ])
  const names = await companyNames(rows.map((row) => row.companyId))
  return { items: rows.map((row) => ({ ...row, companyName: names.get(row.companyId) ?? '' })), total: total?.n ?? 0 }
}

/** One project with its requirements and its RFQs' invited suppliers (platform admins); an unknown project is not found. */
export async function projectRouteFacts(ctx: ServiceContext, projectId: string): Promise<ProjectRouteFacts> {
  requirePlatformAdmin(ctx.actor)
  const db = database()
  const [project] = await db
    .select({
      id: purchaseProjects.id,
      number: purchaseProjects.number,
      name: purchaseProjects.name,
      status: purchaseProjects.status,
      companyId: purchaseProjects.organizationId,
      createdAt: purchaseProjects.createdAt,
    })
    .from(purchaseProjects)
    .where(eq(purchaseProjects.id, projectId))
  if (!project) throw new AppError('not_found', 'Project not found')
  const [needs, projectRfqs, names] = await Promise.all([
    db
      .select({ id: requirements.id, title: requirements.title, hsCode: requirements.hsCode, destination: requirements.destination })
      .from(requirements)
      .where(eq(requirements.projectId, projectId))
      .orderBy(asc(requirements.position), asc(requirements.createdAt)),
    db
      .select({ id: rfqs.id, number: rfqs.number, status: rfqs.status, destination: rfqs.destination })
      .from(rfqs)
      .where(and(eq(rfqs.projectId, projectId), eq(rfqs.organizationId, project.companyId)))
      .orderBy(asc(rfqs.createdAt)),
    companyNames([project.companyId]),
  ])
  const invitations =
    projectRfqs.length === 0
      ? []
      : await db
          .select({ rfqId: rfqInvitations.rfqId, supplierId: rfqInvitations.supplierCompanyId })
          .from(rfqInvitations)
          .where(
            inArray(
              rfqInvitations.rfqId,
              projectRfqs.map((rfq) => rfq.id),
            ),
          )
  return {
    project: { ...project, companyName: names.get(project.companyId) ?? '' },
    requirements: needs,
    rfqs: projectRfqs.map((rfq) => ({
      ...rfq,
      supplierIds: invitations.filter((invitation) => invitation.rfqId === rfq.id).map((invitation) => invitation.supplierId),
    })),
  }
}
