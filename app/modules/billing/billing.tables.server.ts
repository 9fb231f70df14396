import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../identity/identity.tables.server'
import { PLAN_CHANGE_KINDS, PLAN_INVOICE_STATUSES, PLAN_LIMITS, PLAN_PERIODS, type PlanFeature, type PlanText } from './billing.constants'

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * The company a subscription belongs to, named by its key only: billing comes before companies in the module order
 * (ADR 051: the modules that create counted things call it), so it may not import their tables. Not exported:
 * drizzle-kit and the database handle know only the real table.
 */
const organizations = pgTable('organizations', { id: text('id').primaryKey() })

/**
 * A plan companies can be on. Limits are null for "no limit"; prices are in `currency`'s minor units (0 for a free
 * plan). Exactly one plan in use is the default, which new companies start on. A retired plan keeps its companies but
 * takes no new ones.
 */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: jsonb('name').$type<PlanText>().notNull(),
    description: jsonb('description').$type<PlanText>().notNull(),
    currency: text('currency').notNull(),
    monthlyPriceMinor: bigint('monthly_price_minor', { mode: 'bigint' }).notNull(),
    yearlyPriceMinor: bigint('yearly_price_minor', { mode: 'bigint' }).notNull(),
    maxMembers: integer('max_members'),
    maxPublishedProducts: integer('max_published_products'),
    maxRfqsPerMonth: integer('max_rfqs_per_month'),
    maxAssistantRequestsPerMonth: integer('max_assistant_requests_per_month'),
    maxApiCallsPerDay: integer('max_api_calls_per_day'),
    maxStorageBytes: bigint('max_storage_bytes', { mode: 'number' }),
    features: text('features')
      .array()
      .$type<PlanFeature[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_prices_check', sql`${t.monthlyPriceMinor} >= 0 and ${t.yearlyPriceMinor} >= 0`),
    check(
      'plans_limits_check',
      sql`coalesce(${t.maxMembers}, 1) >= 1 and coalesce(${t.maxPublishedProducts}, 0) >= 0 and coalesce(${t.maxRfqsPerMonth}, 0) >= 0
          and coalesce(${t.maxAssistantRequestsPerMonth}, 0) >= 0 and coalesce(${t.maxApiCallsPerDay}, 0) >= 0 and coalesce(${t.maxStorageBytes}, 0) >= 0`,
    ),
    check('plans_default_in_use_check', sql`not (${t.isDefault} and ${t.retiredAt} is not null)`),
    uniqueIndex('plans_one_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    index('plans_position_idx').on(t.position, t.id),
  ],
)

/**
 * The plan a company is on, for the period it paid for. A downgrade waits for the period's end in `next_plan_id`.
 * Created on a company's first plan-dependent action (until then it is on the default plan). Services that create a
 * counted thing lock this row, so two creates at a limit never both pass.
 */
export const companyPlans = pgTable(
  'company_plans',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    period: text('period', { enum: PLAN_PERIODS }).notNull().default('monthly'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    nextPlanId: text('next_plan_id').references(() => plans.id),
    nextPeriod: text('next_period', { enum: PLAN_PERIODS }),
    version: integer('version').notNull().default(1),
    // Bumped by every limit check, which so takes the row's lock: two creates at a limit wait for each other.
    limitChecks: bigint('limit_checks', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_plans_period_check', sql`${t.period} in (${oneOf(PLAN_PERIODS)})`),
    check('company_plans_next_period_check', sql`${t.nextPeriod} is null or ${t.nextPeriod} in (${oneOf(PLAN_PERIODS)})`),
    check('company_plans_dates_check', sql`${t.periodEnd} > ${t.periodStart}`),
    index('company_plans_plan_idx').on(t.planId),
    index('company_plans_renewal_idx')
      .on(t.periodEnd)
      .where(sql`${t.nextPlanId} is not null`),
    // The periods that ended, for the renewal job.
    index('company_plans_period_end_idx').on(t.periodEnd),
  ],
)

/**
 * What a company has used of each limit as far as the limit checks know (ADR 058): the exact count taken at `counted_at`
 * plus everything the checks let through since. Every create of a counted thing passes a check and deletes only lower the
 * real usage, so `used` never falls below the real usage: a check whose new things fit the limit on top of `used` needs no
 * count. A check that does not fit, a bound older than five minutes or one of an earlier window (per-period limits) counts again and starts a new bound.
 */
export const usageBounds = pgTable(
  'plan_usage_bounds',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    limitKey: text('limit_key', { enum: PLAN_LIMITS }).notNull(),
    // The start of the counting window (UTC month or day) for per-period limits; null for limits on what exists.
    windowStart: timestamp('window_start', { withTimezone: true }),
    used: bigint('used', { mode: 'number' }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.limitKey] }), check('plan_usage_bounds_limit_key_check', sql`${t.limitKey} in (${oneOf(PLAN_LIMITS)})`)],
)

/** A company's plan history: every start, change, scheduled downgrade and admin assignment. */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order lines were written in (several may share a transaction's time). */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PLAN_CHANGE_KINDS }).notNull(),
    fromPlanId: text('from_plan_id').references(() => plans.id),
    toPlanId: text('to_plan_id')
      .notNull()
      .references(() => plans.id),
    period: text('period', { enum: PLAN_PERIODS }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plan_changes_kind_check', sql`${t.kind} in (${oneOf(PLAN_CHANGE_KINDS)})`),
    index('plan_changes_company_idx').on(t.organizationId, t.sequence),
  ],
)

/** Plan invoice numbers count up across the platform: PLN-<year>-<number>. */
export const planInvoiceNumbers = pgSequence('plan_invoice_number_seq')

/**
 * What a company owes for one period of a paid plan, issued when the period starts (a plan chosen, assigned or renewed)
 * and paid by bank transfer quoting its number. A platform admin marks it paid (finance books the money); an open one
 * whose period was replaced goes void. One invoice per company and period start: issuing twice is a no-op.
 */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    period: text('period', { enum: PLAN_PERIODS }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: PLAN_INVOICE_STATUSES }).notNull().default('open'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
    /** The bank's reference of the transfer, as the admin who marked it paid gave it. */
    paymentNote: text('payment_note').notNull().default(''),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('plan_invoices_number_key').on(t.number),
    uniqueIndex('plan_invoices_period_key').on(t.organizationId, t.periodStart),
    // A company's invoices, newest first; the admin's list by status.
    index('plan_invoices_company_idx').on(t.organizationId, t.issuedAt),
    index('plan_invoices_status_idx').on(t.status, t.issuedAt),
    check('plan_invoices_status_check', sql`${t.status} in (${oneOf(PLAN_INVOICE_STATUSES)})`),
    check('plan_invoices_period_check', sql`${t.period} in (${oneOf(PLAN_PERIODS)})`),
    check('plan_invoices_amount_check', sql`${t.amountMinor} > 0`),
    check('plan_invoices_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('plan_invoices_void_check', sql`(${t.status} = 'void') = (${t.voidedAt} is not null)`),
  ],
)
