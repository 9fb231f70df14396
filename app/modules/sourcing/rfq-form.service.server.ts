import { inArray } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import { FILE_LIST_MAX_LIMIT } from '../kernel/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { listFiles } from '../kernel/index.server'
import { openProjects } from './project.service.server'
import { projectRequirements } from './requirement.service.server'
import { getShortlist } from './shortlist.service.server'
import type { RfqFormValues } from './rfq.inputs'
import type { RfqDetail, RfqFormOptions } from './rfq.types'

/**
 * What the RFQ form offers: the company's open projects, the chosen project's open requirements, its shortlist (plus
 * suppliers already invited to the draft) and the company's attachment files.
 */
export async function rfqFormOptions(ctx: ServiceContext, projectId: string | null, invitedIds: string[] = []): Promise<RfqFormOptions> {
  requireCompany(ctx.actor)
  const [projects, requirementRows, shortlist, fileList] = await Promise.all([
    openProjects(ctx),
    projectId ? projectRequirements(ctx, projectId) : Promise.resolve([]),
    projectId ? getShortlist(ctx, projectId) : Promise.resolve(null),
    listFiles(ctx, { purpose: 'attachment', limit: FILE_LIST_MAX_LIMIT }),
  ])
  const suppliers = new Map<string, RfqFormOptions['suppliers'][number]>(
    (shortlist?.entries ?? []).map((entry) => [entry.supplierId, { id: entry.supplierId, name: entry.name, country: entry.country }]),
  )
  const missing = invitedIds.filter((id) => !suppliers.has(id))
  if (missing.length > 0) {
    const rows = await database()
      .select({ id: companies.id, name: companies.name, country: companies.country })
      .from(companies)
      .where(inArray(companies.id, missing))
    for (const row of rows) suppliers.set(row.id, row)
  }
  return {
    projects: projects.map(({ id, number, name }) => ({ id, number, name })),
    requirements: requirementRows.filter((row) => row.status === 'open').map(({ id, title, quantity, unit }) => ({ id, title, quantity, unit })),
    suppliers: [...suppliers.values()],
    attachmentFiles: fileList.items.map((file) => ({ id: file.id, name: file.name })),
  }
}

/** A draft as the form shows it (deadline as UTC `YYYY-MM-DDTHH:mm`). */
export function rfqFormValuesOf(rfq: RfqDetail): RfqFormValues {
  return {
    projectId: rfq.projectId ?? '',
    title: rfq.title,
    description: rfq.description,
    quoteDeadline: rfq.quoteDeadline.toISOString().slice(0, 16),
    currency: rfq.currency,
    incoterm: rfq.incoterm,
    incotermPlace: rfq.incotermPlace,
    deliveryDate: rfq.deliveryDate ?? '',
    destination: rfq.destination,
    sealed: rfq.sealed,
    visibility: rfq.visibility,
    supplierIds: rfq.invitees.map((invitee) => invitee.supplierCompanyId),
    requirementIds: [],
    attachmentFileIds: rfq.attachments.map((file) => file.id),
    lines: rfq.lines.map((line) => ({
      requirementId: line.requirementId ?? '',
      title: line.title,
      specification: line.specification,
      quantity: String(line.quantity),
      unit: line.unit,
      targetUnitPrice: line.targetUnitPrice ?? '',
    })),
  }
}
