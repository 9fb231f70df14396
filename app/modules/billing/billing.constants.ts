// Billing (issue 24): the words plans, their limits and a company's subscription speak, shared by both sides.
import type { Locale } from '../../platform/i18n/locales'

/**
 * What a plan limits, each counted by the module that owns the counted thing (see `registerUsageCounter`):
 * colleagues in the company, products on the marketplace, RFQs sent this calendar month (UTC), the sourcing
 * assistant's answers this month, API calls today and stored file bytes. A plan's limit of null is "no limit".
 */
export const PLAN_LIMITS = ['members', 'published_products', 'rfqs_per_month', 'assistant_requests_per_month', 'api_calls_per_day', 'storage_bytes'] as const
export type PlanLimit = (typeof PLAN_LIMITS)[number]

/** What a plan includes beyond its limits; each is a feature of the product as built (`billing:features.<key>`). */
export const PLAN_FEATURES = [
  'escrow_payments',
  'sourcing_assistant',
  'price_lists',
  'product_import',
  'eping_alerts',
  'api_access',
  'trade_documents',
] as const
export type PlanFeature = (typeof PLAN_FEATURES)[number]

/**
 * What the pricing and plan pages show. API keys come with the developer hub (issue 25): until then the API calls a day
 * are not counted and API access is not offered, so neither is shown (both stay on the plans for that issue).
 */
export const SHOWN_LIMITS = PLAN_LIMITS.filter((key) => key !== 'api_calls_per_day')
export const SHOWN_FEATURES = PLAN_FEATURES.filter((feature) => feature !== 'api_access')

export const PLAN_PERIODS = ['monthly', 'yearly'] as const
export type PlanPeriod = (typeof PLAN_PERIODS)[number]

/** What moved a company from one plan to another (`billing:changes.<kind>`). */
export const PLAN_CHANGE_KINDS = ['started', 'upgraded', 'downgrade_scheduled', 'downgraded', 'downgrade_cancelled', 'assigned'] as const
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number]

/**
 * A plan invoice's life (`billing:invoices.statuses.<status>`): `open` until the bank transfer is booked (`paid`), or
 * `void` when the period it charged for was replaced before it was paid (an upgrade, an assignment). An open invoice
 * past its due date shows as overdue.
 */
export const PLAN_INVOICE_STATUSES = ['open', 'paid', 'void'] as const
export type PlanInvoiceStatus = (typeof PLAN_INVOICE_STATUSES)[number]

/** Days from an invoice's issue to its due date. */
export const PLAN_INVOICE_DUE_DAYS = 14

/** A plan invoice's number, as it is quoted in the bank transfer: PLN-2026-000042. */
export const PLAN_INVOICE_NUMBER_PATTERN = /^PLN-\d{4}-\d{6,}$/

/** A plan's name and description in each language the product speaks. */
export type PlanText = Record<Locale, string>

/** A plan id: lower-case letters, digits and hyphens, as it appears in links (`/pricing#business`). */
export const PLAN_ID_PATTERN = /^[a-z][a-z0-9-]{1,39}$/
