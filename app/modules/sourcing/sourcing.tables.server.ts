import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { categories, hsCodes } from '../catalog/catalog.tables.server'
import { organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import { INCOTERMS, PAYMENT_TERMS } from '../../platform/trade-terms'
import {
  APPROVAL_STATUSES,
  INVITATION_STATUSES,
  type LandedCostAssumptions,
  PROJECT_STATUSES,
  QUOTATION_STATUSES,
  REQUIREMENT_STATUSES,
  RFQ_STATUSES,
  RFQ_VISIBILITIES,
} from './sourcing.constants'
import type { ProjectEventType } from './sourcing.machines'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const money = (name: string) => numeric(name, { precision: 18, scale: 4 })
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))
const buyer = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' })

/** A buyer's purchase project: what it needs (requirements), its RFQs, quotations and the orders they led to. */
export const purchaseProjects = pgTable(
  'purchase_projects',
  {
    id: text('id').primaryKey(),
    organizationId: buyer(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull(),
    budget: money('budget'),
    deadline: date('deadline'),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchase_projects_number_key').on(t.organizationId, t.number),
    index('purchase_projects_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('purchase_projects_deadline_idx').on(t.organizationId, t.deadline),
    index('purchase_projects_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('purchase_projects_status_check', sql`${t.status} in (${oneOf(PROJECT_STATUSES)})`),
  ],
)

/** The project's timeline: status changes, requirements added, RFQs sent, awards. */
export const projectEvents = pgTable(
  'project_events',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => purchaseProjects.id, { onDelete: 'cascade' }),
    type: text('type').$type<ProjectEventType>().notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('project_events_project_idx').on(t.projectId, t.createdAt)],
)

/** One thing the project needs: what, how many, at what target price, by when and where to. */
export const requirements = pgTable(
  'requirements',
  {
    id: text('id').primaryKey(),
    organizationId: buyer(),
    projectId: text('project_id')
      .notNull()
      .references(() => purchaseProjects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    specification: text('specification').notNull().default(''),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    hsCode: text('hs_code').references(() => hsCodes.code, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    targetUnitPrice: money('target_unit_price'),
    targetCurrency: text('target_currency'),
    requiredBy: date('required_by'),
    destination: text('destination').notNull().default(''),
    attachmentFileIds: jsonb('attachment_file_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: REQUIREMENT_STATUSES }).notNull().default('open'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('requirements_project_idx').on(t.projectId, t.position),
    index('requirements_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('requirements_category_idx').on(t.organizationId, t.categoryId),
    index('requirements_hs_code_idx').on(t.organizationId, t.hsCode),
    index('requirements_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('requirements_status_check', sql`${t.status} in (${oneOf(REQUIREMENT_STATUSES)})`),
    check('requirements_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** The suppliers a project considers (its shortlist), with the buyer's note. */
export const shortlistEntries = pgTable(
  'shortlist_entries',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => purchaseProjects.id, { onDelete: 'cascade' }),
    supplierCompanyId: text('supplier_company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.supplierCompanyId] }), index('shortlist_entries_supplier_idx').on(t.supplierCompanyId)],
)

/** The buyer's approved-supplier list: approved, on trial or blocked, with notes and documents. */
export const approvedSuppliers = pgTable(
  'approved_suppliers',
  {
    organizationId: buyer(),
    supplierCompanyId: text('supplier_company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    documentFileIds: jsonb('document_file_ids').$type<string[]>().notNull().default([]),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.supplierCompanyId] }),
    index('approved_suppliers_status_idx').on(t.organizationId, t.status),
    check('approved_suppliers_status_check', sql`${t.status} in (${oneOf(APPROVAL_STATUSES)})`),
  ],
)

/**
 * A request for quotation: lines (from requirements), invited suppliers or a public buying request, a quote deadline,
 * currency and Incoterm. Sealed: quotations stay hidden from the buyer until the deadline (enforced by the services).
 */
export const rfqs = pgTable(
  'rfqs',
  {
    id: text('id').primaryKey(),
    organizationId: buyer(),
    projectId: text('project_id').references(() => purchaseProjects.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: RFQ_STATUSES }).notNull().default('draft'),
    visibility: text('visibility', { enum: RFQ_VISIBILITIES }).notNull().default('invited'),
    sealed: boolean('sealed').notNull().default(false),
    quoteDeadline: timestamp('quote_deadline', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    incoterm: text('incoterm', { enum: INCOTERMS }).notNull(),
    incotermPlace: text('incoterm_place').notNull(),
    deliveryDate: date('delivery_date'),
    destination: text('destination').notNull().default(''),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Private landed-cost assumptions of this comparison (defaults: the buyer's). */
    assumptions: jsonb('assumptions').$type<LandedCostAssumptions>(),
    attachmentFileIds: jsonb('attachment_file_ids').$type<string[]>().notNull().default([]),
    statusReason: text('status_reason').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rfqs_number_key').on(t.organizationId, t.number),
    index('rfqs_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('rfqs_project_idx').on(t.projectId),
    // The plan's RFQs a month (billing's usage count at publish).
    index('rfqs_published_idx').on(t.organizationId, t.publishedAt),
    // The public board of open buying requests.
    index('rfqs_public_open_idx').on(t.visibility, t.status, t.quoteDeadline),
    index('rfqs_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('rfqs_status_check', sql`${t.status} in (${oneOf(RFQ_STATUSES)})`),
    check('rfqs_visibility_check', sql`${t.visibility} in (${oneOf(RFQ_VISIBILITIES)})`),
    check('rfqs_incoterm_check', sql`${t.incoterm} in (${oneOf(INCOTERMS)})`),
  ],
)

/** What the RFQ asks a price for: a copy of a requirement (or a line written on the RFQ). */
export const rfqLines = pgTable(
  'rfq_lines',
  {
    id: text('id').primaryKey(),
    rfqId: text('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    requirementId: text('requirement_id').references(() => requirements.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    specification: text('specification').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    targetUnitPrice: money('target_unit_price'),
    hsCode: text('hs_code'),
    categoryId: text('category_id'),
    requiredBy: date('required_by'),
  },
  (t) => [
    index('rfq_lines_rfq_idx').on(t.rfqId, t.position),
    index('rfq_lines_requirement_idx').on(t.requirementId),
    check('rfq_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** A supplier invited to an RFQ (or who opened a public one): invited → viewed → quoted, or declined. */
export const rfqInvitations = pgTable(
  'rfq_invitations',
  {
    rfqId: text('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierCompanyId: text('supplier_company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('invited'),
    declineReason: text('decline_reason').notNull().default(''),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When the invitee was reminded that the quote deadline is near (once). */
    deadlineRemindedAt: timestamp('deadline_reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.rfqId, t.supplierCompanyId] }),
    index('rfq_invitations_supplier_idx').on(t.supplierCompanyId, t.invitedAt),
    check('rfq_invitations_status_check', sql`${t.status} in (${oneOf(INVITATION_STATUSES)})`),
  ],
)

/** Clarification questions of invitees and the buyer's answers, visible to every invitee (asker kept private). */
export const rfqQuestions = pgTable(
  'rfq_questions',
  {
    id: text('id').primaryKey(),
    rfqId: text('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    askedByCompanyId: text('asked_by_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    askedByUserId: text('asked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    answer: text('answer'),
    answeredByUserId: text('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('rfq_questions_rfq_idx').on(t.rfqId, t.createdAt)],
)

/** A supplier's answer to an RFQ: one per supplier and RFQ, revised in rounds (`revision`, history in revisions). */
export const quotations = pgTable(
  'quotations',
  {
    id: text('id').primaryKey(),
    rfqId: text('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierCompanyId: text('supplier_company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: QUOTATION_STATUSES }).notNull().default('draft'),
    revision: integer('revision').notNull().default(0),
    currency: text('currency').notNull(),
    incoterm: text('incoterm', { enum: INCOTERMS }).notNull(),
    incotermPlace: text('incoterm_place').notNull(),
    /** Freight and insurance the supplier prices separately (null: not included / not stated). */
    freightAmount: money('freight_amount'),
    insuranceAmount: money('insurance_amount'),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull(),
    validUntil: date('valid_until').notNull(),
    notes: text('notes').notNull().default(''),
    attachmentFileIds: jsonb('attachment_file_ids').$type<string[]>().notNull().default([]),
    decisionReason: text('decision_reason').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotations_rfq_supplier_key').on(t.rfqId, t.supplierCompanyId),
    index('quotations_supplier_idx').on(t.supplierCompanyId, t.status, t.updatedAt),
    index('quotations_rfq_status_idx').on(t.rfqId, t.status),
    check('quotations_status_check', sql`${t.status} in (${oneOf(QUOTATION_STATUSES)})`),
    check('quotations_incoterm_check', sql`${t.incoterm} in (${oneOf(INCOTERMS)})`),
  ],
)

/** The supplier's price for one RFQ line: unit price, MOQ, lead time, and optionally an alternative offer. */
export const quotationLines = pgTable(
  'quotation_lines',
  {
    id: text('id').primaryKey(),
    quotationId: text('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    rfqLineId: text('rfq_line_id')
      .notNull()
      .references(() => rfqLines.id, { onDelete: 'cascade' }),
    unitPrice: money('unit_price').notNull(),
    moq: integer('moq').notNull().default(1),
    leadTimeDays: integer('lead_time_days').notNull(),
    note: text('note').notNull().default(''),
    alternativeDescription: text('alternative_description'),
    alternativeUnitPrice: money('alternative_unit_price'),
  },
  (t) => [uniqueIndex('quotation_lines_line_key').on(t.quotationId, t.rfqLineId), index('quotation_lines_rfq_line_idx').on(t.rfqLineId)],
)

/** Every submitted round of a quotation as it was (terms and lines), so the buyer sees what changed. */
export const quotationRevisions = pgTable(
  'quotation_revisions',
  {
    id: text('id').primaryKey(),
    quotationId: text('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quotation_revisions_round_key').on(t.quotationId, t.revision)],
)

/**
 * Who got each RFQ line: one award per line (a line is never awarded twice), the quotation and price it was awarded
 * at, and the purchase order it became (an id in the orders module, written by the award workflow).
 */
export const rfqAwards = pgTable(
  'rfq_awards',
  {
    id: text('id').primaryKey(),
    /** The award this line was part of (several lines, one purchase order per supplier); null before migration 0017. */
    awardId: text('award_id'),
    rfqId: text('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    rfqLineId: text('rfq_line_id')
      .notNull()
      .references(() => rfqLines.id, { onDelete: 'cascade' }),
    quotationId: text('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    supplierCompanyId: text('supplier_company_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    currency: text('currency').notNull(),
    purchaseOrderId: text('purchase_order_id'),
    awardedBy: text('awarded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rfq_awards_line_key').on(t.rfqLineId),
    index('rfq_awards_rfq_idx').on(t.rfqId),
    index('rfq_awards_quotation_idx').on(t.quotationId),
    index('rfq_awards_award_idx').on(t.awardId),
  ],
)

/** A buyer company's default landed-cost assumptions (percentages), edited on the comparison page. */
export const landedCostSettings = pgTable('landed_cost_settings', {
  organizationId: buyer().primaryKey(),
  assumptions: jsonb('assumptions').$type<LandedCostAssumptions>().notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
})
