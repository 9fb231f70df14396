// Creating what the assistant proposed (issue 23): a workflow composing sourcing's services with the user's actor, run
// only when the user presses "create" on a draft card. The same draft is created once (each create is idempotent per
// draft), so a double click or a retried request yields the same record.
import { and, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { translator } from '../../platform/i18n/translate.server'
import { requireCompany } from '../../platform/member-roles'
import { fieldErrorsOf } from '../../platform/validation'
import type { z } from '../../platform/zod'
import { buyerRfqPath, CreateProjectInput, CreateRequirementInput, CreateRfqInput } from '../sourcing/index'
import { addManyToShortlist, createProject, createRequirement, createRfq, openProjects } from '../sourcing/index.server'
import type { DraftCard } from './assistant-cards'
import type { ConfirmDraftInput } from './assistant.inputs'
import { assistantDrafts } from './assistant.tables.server'

/** A new RFQ gives suppliers this long to quote unless the draft says otherwise. */
const DEFAULT_QUOTE_DAYS = 14
const projectPath = (id: string) => `/app/purchase/projects/view/${id}`

type DraftRow = typeof assistantDrafts.$inferSelect
type Created = NonNullable<DraftCard['created']>

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(result.error) })
  return result.data
}

/** One of the user's drafts in the company they act for; anyone else's is not found. */
async function ownDraft(ctx: ServiceContext, id: string): Promise<DraftRow> {
  requireCompany(ctx.actor)
  const [draft] = await database()
    .select()
    .from(assistantDrafts)
    .where(and(eq(assistantDrafts.id, id), eq(assistantDrafts.userId, ctx.actor.userId), eq(assistantDrafts.companyId, ctx.actor.companyId)))
  if (!draft) throw new AppError('not_found', 'Draft not found')
  return draft
}

/** The project the user chose, else the draft's, else their latest open one, else a new project named after the draft. */
async function projectFor(ctx: ServiceContext, draft: DraftRow, chosen: string | undefined): Promise<string> {
  const open = await openProjects(ctx)
  const named = String(draft.fields.project ?? '')
  const pick = chosen ? open.find((project) => project.id === chosen) : (open.find((project) => project.number === named) ?? open[0])
  if (chosen && !pick) throw new AppError('not_found', 'Project not found')
  if (pick) return pick.id
  const title = String(draft.fields.title ?? draft.fields.supplier_ids ?? '')
  const project = await createProject(
    ctx,
    parsed(CreateProjectInput, {
      name: title.length >= 2 ? title.slice(0, 200) : translator(ctx.locale, 'assistant')('drafts.newProjectName'),
      currency: draft.fields.currency ?? 'USD',
    }),
    { idempotencyKey: `assistant-draft-project:${draft.id}` },
  )
  return project.id
}

/** Creates the draft's record and marks the draft created; a draft created before answers with the same record. */
export async function confirmDraft(ctx: ServiceContext, id: string, input: ConfirmDraftInput, now = new Date()): Promise<DraftCard> {
  const draft = await ownDraft(ctx, id)
  if (draft.status === 'created' && draft.createdRef) return cardOf(draft, draft.createdRef)
  const created = await create(ctx, draft, input, now)
  await database().update(assistantDrafts).set({ status: 'created', createdRef: created, confirmedAt: now }).where(eq(assistantDrafts.id, draft.id))
  return cardOf(draft, created)
}

const cardOf = (draft: DraftRow, created: Created): DraftCard => ({
  kind: 'draft',
  draftId: draft.id,
  target: draft.target,
  status: 'created',
  fields: draft.fields,
  created,
})

async function create(ctx: ServiceContext, draft: DraftRow, input: ConfirmDraftInput, now: Date): Promise<Created> {
  const fields = draft.fields
  const once = { idempotencyKey: `assistant-draft:${draft.id}` }
  if (draft.target === 'requirement') {
    const projectId = await projectFor(ctx, draft, input.projectId)
    const requirement = await createRequirement(
      ctx,
      parsed(CreateRequirementInput, {
        projectId,
        title: fields.title,
        specification: fields.specification,
        quantity: fields.quantity,
        unit: fields.unit,
        targetUnitPrice: fields.target_unit_price,
        targetCurrency: fields.currency,
        requiredBy: fields.required_by,
        destination: fields.destination,
        hsCode: fields.hs_code,
        attachmentFileIds: [],
      }),
      once,
    )
    return { id: requirement.id, number: null, path: projectPath(projectId) }
  }
  if (draft.target === 'rfq') {
    const destination = typeof fields.destination === 'string' ? fields.destination : ''
    const deadline =
      typeof fields.quote_deadline === 'string' ? new Date(`${fields.quote_deadline}T12:00:00Z`) : new Date(now.getTime() + DEFAULT_QUOTE_DAYS * 86_400_000)
    const rfq = await createRfq(
      ctx,
      parsed(CreateRfqInput, {
        title: fields.title,
        description: fields.specification,
        quoteDeadline: deadline.toISOString(),
        currency: fields.currency ?? 'USD',
        incoterm: fields.incoterm ?? (destination ? 'DAP' : 'FOB'),
        incotermPlace: destination.length >= 2 ? destination : translator(ctx.locale, 'assistant')('drafts.placeToAgree'),
        deliveryDate: fields.delivery_date,
        destination,
        supplierIds: fields.supplier_ids ?? [],
        lines: [
          {
            title: fields.title,
            specification: fields.specification,
            quantity: fields.quantity,
            unit: fields.unit,
            targetUnitPrice: fields.target_unit_price,
            hsCode: fields.hs_code,
            requiredBy: fields.delivery_date,
          },
        ],
      }),
      once,
      now,
    )
    return { id: rfq.id, number: rfq.number, path: buyerRfqPath(rfq.id) }
  }
  const projectId = await projectFor(ctx, draft, input.projectId)
  const supplierIds = Array.isArray(fields.supplier_ids) ? fields.supplier_ids : []
  await addManyToShortlist(ctx, projectId, supplierIds)
  return { id: projectId, number: null, path: `/app/sourcing/selected?project=${projectId}` }
}
