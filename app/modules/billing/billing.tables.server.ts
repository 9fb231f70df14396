import { sql } from 'drizzle-orm'
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../identity/identity.tables.server'
import { PLAN_CHANGE_KINDS, PLAN_PERIODS, type PlanFeature, type PlanText } from './billing.constants'

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
  ],
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
