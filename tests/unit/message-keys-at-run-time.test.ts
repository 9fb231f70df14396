import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PALETTE_KINDS } from '../../app/components/layouts/app/palette-results'
import {
  CATEGORY_NAME_LOCALES,
  DIRECTORY_SORTS,
  IMPORT_COLUMNS,
  IMPORT_JOB_STATUSES,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  PRODUCT_UNITS,
  PRODUCT_VIEWS,
  SEARCH_SORTS,
} from '../../app/modules/catalog/index'
import {
  ADDRESS_TYPES,
  APPLICATION_STATUSES,
  BAN_DURATIONS_DAYS,
  COMPANY_KINDS,
  DECISIONS,
  DESCRIPTION_FIELDS,
  INVITABLE_ROLES,
  INVITATION_DISPLAY_STATUSES,
  MEMBER_ROLES,
  ONBOARD_STEPS,
  PLATFORM_ROLES,
  SERVICE_TYPES,
  SUPPLIER_TYPES,
  USER_STATUSES,
  VERIFICATION_STATUSES,
} from '../../app/modules/companies/index'
import { IBAN_PROBLEMS } from '../../app/workflows/functions/functions.constants'
import { API_AREAS, DELIVERY_STATUSES, WEBHOOK_TOPICS } from '../../app/modules/developers/index'
import { DOCUMENT_LANGUAGES, DOCUMENT_SOURCES, DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../../app/modules/documents/index'
import {
  BANK_ACCOUNT_SCHEMES,
  BANK_ACCOUNT_STATUSES,
  COMPANY_ACCOUNT_KINDS,
  ENTRY_KINDS as FINANCE_ENTRY_KINDS,
  FINANCE_PAPER_KINDS,
  KYC_DOCUMENT_KINDS,
  KYC_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STAGES,
  PAYMENT_STATUSES,
  PAYOUT_SCHEDULES,
  PAYOUT_STATUSES,
  UNMATCHED_REASONS,
} from '../../app/modules/finance/index'
import { EPING_AREAS, EPING_LINK_LABELS, EPING_MATCH_REASON_KINDS, EPING_REVIEW_STATUSES, HS_LEVELS } from '../../app/modules/compliance/index'
import { ADJUSTMENT_REASONS, MOVEMENT_KINDS } from '../../app/modules/inventory/index'
import {
  ASSISTANT_INTENTS,
  ASSISTANT_PROVIDER_KINDS,
  ASSISTANT_TOOLS,
  ASSISTANT_UNITS,
  COMPARISON_RISKS,
  DRAFT_FIELDS,
  DRAFT_TARGETS,
  PROVIDER_ERROR_CODES,
  TOOL_OUTCOMES,
  TURN_ERROR_CODES,
} from '../../app/modules/assistant/index'
import { AUDIT_ACTIONS } from '../../app/modules/kernel/index'
import { PACKAGE_TYPES, SHIPMENT_MODES, SHIPMENT_ROLES, SHIPMENT_STATUSES, TRACKING_SOURCES } from '../../app/modules/logistics/index'
import { NOTIFICATION_GROUPS, NOTIFICATION_KINDS } from '../../app/modules/kernel/index.server'
import { AUTH_MAIL_KINDS, WEAK_PASSWORD_REASONS } from '../../app/modules/identity/index'
import { CONVERSATION_KINDS, CHANNEL_VISIBILITIES, INBOX_TABS, SUBJECT_KINDS } from '../../app/modules/messaging/index'
import {
  BOARD_INTENTS,
  CHANGE_REQUEST_KINDS,
  CHANGE_REQUEST_STATUSES,
  CHANGE_TERM_FIELDS,
  CONFIRMED_ACTIONS,
  ORDER_EXPECTATIONS,
  ORDER_STEPS,
  DIRECT_ACTIONS,
  FREIGHT_MODES,
  FREIGHT_QUOTE_STATUSES,
  OFFERING_PRICE_BASES,
  ORDER_DONE,
  PURCHASE_ORDER_EVENT_TYPES,
  PURCHASE_ORDER_STATUSES,
  SERVICE_ORDER_DIRECT_ACTIONS,
  SERVICE_ORDER_EVENT_TYPES,
  SERVICE_ORDER_KINDS,
  SERVICE_ORDER_ROLES,
  SERVICE_ORDER_STATUSES,
} from '../../app/modules/orders/index'
import {
  APPROVAL_STATUSES,
  AWARD_REFUSALS,
  BENCHMARK_SOURCES,
  COMPONENT_BASES,
  COST_COMPONENTS,
  DEFAULT_ASSUMPTIONS,
  INVITATION_STATUSES,
  GRID_COLUMNS,
  MANUAL_PROJECT_ACTIONS,
  PROJECT_DONE,
  PROJECT_EVENT_TYPES,
  PROJECT_STATUSES,
  QUOTATION_STATUSES,
  REQUIREMENT_STATUSES,
  RFQ_STATUSES,
  RFQ_VISIBILITIES,
} from '../../app/modules/sourcing/index'
import { ASSUMPTIONS_SOURCES, PIPELINE_STAGES, QUOTATION_HISTORY_FIELDS } from '../../app/modules/sourcing/index.server'
import { ERROR_STATUS } from '../../app/platform/errors'
import { DATE_STYLES, HOUR_CYCLES } from '../../app/platform/format/intl-values'
import { FX_SOURCES } from '../../app/platform/fx/fx.tables.server'
import { PRESENCE_STATUSES, REALTIME_ERROR_CODES } from '../../app/platform/realtime/events'
import { CONNECTION_STATES } from '../../app/platform/realtime/realtime-client'
import { PARTIES } from '../../app/platform/state-machine'
import { INCOTERMS, PAYMENT_TERMS } from '../../app/platform/trade-terms'
import { COLOR_PREFERENCES } from '../../app/platform/ui/color-mode'
import { COUNT_TASKS, QUEUE_TASKS, RANGE_PRESETS, RANGE_PROBLEMS, STEP_TASKS } from '../../app/workflows/dashboard/index'
import { GUIDE_GROUPS, GUIDE_STEPS, PROFILE_PARTS } from '../../app/workflows/guide/guide-steps'
import { CHECK_SECTIONS, CHECK_STATUSES, ROUTE_CHECKS } from '../../app/workflows/route-check/route-check'
import { BUDGET_SERIES } from '../../app/modules/sourcing/index'
import { CATALOGS, type Namespace } from '../../app/platform/i18n/catalog.server'
import { createTranslator } from '../../app/platform/i18n/i18n'
import { LOCALES } from '../../app/platform/i18n/locales'
import { productImportJob } from '../../app/modules/catalog/index.server'
import { SCHEDULED_JOBS } from '../../server/scheduled-jobs'
import { PLAN_CHANGE_KINDS, PLAN_INVOICE_STATUSES, PLAN_LIMITS, PLAN_PERIODS } from '../../app/modules/billing/index'
import { FAQ_ITEMS } from '../../app/routes/pricing/pricing-faq'
import {
  AUDIENCE_POINTS,
  MARKETING_CAPABILITIES,
  MARKETING_FAQ,
  MARKETING_TRUST,
  PORTAL_FAQ,
  PORTAL_STEPS,
  PORTAL_WHY,
  SOURCING_FAQ,
  SOURCING_STEPS,
  TOUR_SHOTS,
} from '../../app/workflows/landing/index'

/**
 * A message key built at run time from data: `pattern` with `*` replaced by each of `values` (timeline events, audit
 * actions, notification kinds, states, error codes…). Each value set is the typed constant its writers and readers use.
 * A `plural` text is looked up with a count, as its readers do (English has `_one` and `_other`, Chinese `_other`).
 */
type KeySet = { namespace: Namespace; pattern: string; values: readonly (string | number)[]; plural?: true }

const KEY_SETS: KeySet[] = [
  // The background jobs' names on the admin's jobs page.
  { namespace: 'jobs', pattern: '*', values: [...SCHEDULED_JOBS, productImportJob].map((job) => job.titleKey ?? `(the job ${job.name} has no titleKey)`) },
  // Where an order stands.
  { namespace: 'orders', pattern: 'progress.steps.*', values: ORDER_STEPS },
  { namespace: 'orders', pattern: 'progress.expect.*', values: ORDER_EXPECTATIONS },
  // A project's budget chart: its series and what a requirement without a figure says.
  { namespace: 'projects', pattern: 'budgetChart.series.*', values: BUDGET_SERIES },
  { namespace: 'projects', pattern: 'budgetChart.none.*', values: BUDGET_SERIES },
  // The dashboard's tasks and period choices.
  { namespace: 'dashboard', pattern: 'tasks.*.title', values: [...QUEUE_TASKS, ...COUNT_TASKS], plural: true },
  { namespace: 'dashboard', pattern: 'tasks.*.date', values: QUEUE_TASKS },
  { namespace: 'dashboard', pattern: 'tasks.*.title', values: STEP_TASKS },
  { namespace: 'dashboard', pattern: 'tasks.*.hint', values: STEP_TASKS },
  { namespace: 'dashboard', pattern: 'range.presets.*', values: [...RANGE_PRESETS, 'custom'] },
  { namespace: 'dashboard', pattern: 'range.*', values: RANGE_PROBLEMS },
  { namespace: 'guide', pattern: 'groups.*', values: GUIDE_GROUPS },
  { namespace: 'guide', pattern: 'steps.*.title', values: GUIDE_STEPS },
  { namespace: 'guide', pattern: 'steps.*.description', values: GUIDE_STEPS },
  { namespace: 'guide', pattern: 'steps.*.action', values: GUIDE_STEPS },
  { namespace: 'guide', pattern: 'parts.*', values: PROFILE_PARTS },
  // What the remote IBAN check says is wrong.
  { namespace: 'functions', pattern: 'iban.*', values: IBAN_PROBLEMS },
  // The developer hub: scope areas, webhook topics, key and delivery states, and the API changelog's days.
  { namespace: 'developers', pattern: 'areas.*', values: API_AREAS },
  { namespace: 'developers', pattern: 'topics.*', values: WEBHOOK_TOPICS },
  { namespace: 'developers', pattern: 'topicHints.*', values: WEBHOOK_TOPICS },
  { namespace: 'developers', pattern: 'keys.status.*', values: ['active', 'expired', 'revoked'] },
  { namespace: 'developers', pattern: 'webhooks.deliveryStatus.*', values: DELIVERY_STATUSES },
  { namespace: 'developers', pattern: 'home.changelog.*', values: ['2026-12-06', '2026-12-05', '2026-12-04', '2026-11-21'] },
  // Timelines and logs: the types their writers are typed against.
  { namespace: 'projects', pattern: 'events.*', values: PROJECT_EVENT_TYPES },
  { namespace: 'orders', pattern: 'events.*', values: PURCHASE_ORDER_EVENT_TYPES },
  { namespace: 'services', pattern: 'events.*', values: SERVICE_ORDER_EVENT_TYPES },
  { namespace: 'companies', pattern: 'activity.actions.*', values: AUDIT_ACTIONS },
  // Notices, in-app and mailed, and the settings that group them.
  { namespace: 'notifications', pattern: 'kinds.*.title', values: NOTIFICATION_KINDS },
  { namespace: 'notifications', pattern: 'kinds.*.body', values: NOTIFICATION_KINDS },
  { namespace: 'notifications', pattern: 'groups.*.label', values: NOTIFICATION_GROUPS },
  { namespace: 'notifications', pattern: 'groups.*.description', values: NOTIFICATION_GROUPS },
  // Error codes of the API, the pages and the realtime acknowledgements.
  { namespace: 'common', pattern: 'errors.*', values: [...Object.keys(ERROR_STATUS), ...REALTIME_ERROR_CODES] },
  // States and actions of the sourcing records.
  { namespace: 'projects', pattern: 'status.*', values: PROJECT_STATUSES },
  { namespace: 'projects', pattern: 'requirementStatus.*', values: REQUIREMENT_STATUSES },
  { namespace: 'projects', pattern: 'rfqStatus.*', values: RFQ_STATUSES },
  { namespace: 'projects', pattern: 'actions.*', values: MANUAL_PROJECT_ACTIONS },
  { namespace: 'rfqs', pattern: 'status.*', values: RFQ_STATUSES },
  { namespace: 'rfqs', pattern: 'invitationStatus.*', values: INVITATION_STATUSES },
  { namespace: 'rfqs', pattern: 'visibility.*', values: RFQ_VISIBILITIES },
  { namespace: 'rfqs', pattern: 'quotationStatus.*', values: QUOTATION_STATUSES },
  { namespace: 'quotations', pattern: 'status.*', values: QUOTATION_STATUSES },
  { namespace: 'quotations', pattern: 'invitation.*', values: INVITATION_STATUSES },
  { namespace: 'quotations', pattern: 'paymentTerms.*', values: PAYMENT_TERMS },
  { namespace: 'comparison', pattern: 'components.*', values: COST_COMPONENTS },
  { namespace: 'comparison', pattern: 'award.refused.*', values: AWARD_REFUSALS },
  { namespace: 'comparison', pattern: 'assumptions.*', values: Object.keys(DEFAULT_ASSUMPTIONS) },
  { namespace: 'comparison', pattern: 'assumptions.hint.*', values: Object.keys(DEFAULT_ASSUMPTIONS) },
  { namespace: 'comparison', pattern: 'paymentTerms.*', values: PAYMENT_TERMS },
  { namespace: 'comparison', pattern: 'assumptions.source.*', values: ASSUMPTIONS_SOURCES },
  { namespace: 'comparison', pattern: 'basis.*', values: COMPONENT_BASES },
  { namespace: 'comparison', pattern: 'fx.sources.*', values: FX_SOURCES },
  { namespace: 'projects', pattern: 'done.*', values: PROJECT_DONE },
  { namespace: 'sourcing', pattern: 'pipeline.stage.*', values: PIPELINE_STAGES },
  { namespace: 'projects', pattern: 'grid.columns.*', values: GRID_COLUMNS },
  { namespace: 'quotations', pattern: 'history.field.*', values: QUOTATION_HISTORY_FIELDS },
  { namespace: 'sourcing', pattern: 'research.source.*', values: BENCHMARK_SOURCES },
  { namespace: 'sourcing', pattern: 'approval.*', values: APPROVAL_STATUSES },
  // States and actions of orders.
  { namespace: 'orders', pattern: 'status.*', values: PURCHASE_ORDER_STATUSES },
  { namespace: 'orders', pattern: 'actions.*', values: DIRECT_ACTIONS },
  { namespace: 'orders', pattern: 'actionHelp.*', values: DIRECT_ACTIONS },
  { namespace: 'orders', pattern: 'confirm.trigger.*', values: CONFIRMED_ACTIONS },
  { namespace: 'orders', pattern: 'confirm.title.*', values: CONFIRMED_ACTIONS },
  { namespace: 'orders', pattern: 'paymentTerms.*', values: PAYMENT_TERMS },
  { namespace: 'orders', pattern: 'incoterms.*', values: INCOTERMS },
  { namespace: 'orders', pattern: 'side.*', values: PARTIES },
  { namespace: 'orders', pattern: 'detail.requestKind.*', values: CHANGE_REQUEST_KINDS },
  { namespace: 'orders', pattern: 'detail.requestStatus.*', values: CHANGE_REQUEST_STATUSES },
  { namespace: 'orders', pattern: 'detail.*', values: PARTIES },
  { namespace: 'orders', pattern: 'detail.fields.*', values: CHANGE_TERM_FIELDS },
  { namespace: 'orders', pattern: 'done.*', values: ORDER_DONE },
  { namespace: 'fulfilment', pattern: 'statuses.*', values: PURCHASE_ORDER_STATUSES },
  { namespace: 'fulfilment', pattern: 'board.moved.*', values: BOARD_INTENTS },
  { namespace: 'services', pattern: 'status.*', values: SERVICE_ORDER_STATUSES },
  { namespace: 'services', pattern: 'actions.*', values: SERVICE_ORDER_DIRECT_ACTIONS },
  { namespace: 'services', pattern: 'kinds.*', values: SERVICE_ORDER_KINDS },
  { namespace: 'services', pattern: 'quoteStatus.*', values: FREIGHT_QUOTE_STATUSES },
  { namespace: 'services', pattern: 'modes.*', values: FREIGHT_MODES },
  { namespace: 'services', pattern: 'types.*.name', values: SERVICE_TYPES },
  { namespace: 'services', pattern: 'types.*.description', values: SERVICE_TYPES },
  { namespace: 'services', pattern: 'list.roles.*', values: SERVICE_ORDER_ROLES },
  // The services providers offer: what a price is per; the supplier home's verification card.
  { namespace: 'offerings', pattern: 'bases.*', values: OFFERING_PRICE_BASES },
  { namespace: 'supplierHome', pattern: 'verification.*', values: VERIFICATION_STATUSES },
  // The platform admins' route check of a project: each check's outcomes, its sections and statuses.
  ...Object.entries(ROUTE_CHECKS).map(([id, variants]): KeySet => ({ namespace: 'routeCheck', pattern: `checks.${id}.*`, values: variants })),
  // The page's own lookup (`checks.${id}.${variant}`), whose keys are exactly the sets above.
  { namespace: 'routeCheck', pattern: 'checks.*.*', values: [] },
  { namespace: 'routeCheck', pattern: 'sections.*', values: CHECK_SECTIONS },
  { namespace: 'routeCheck', pattern: 'statuses.*', values: CHECK_STATUSES },
  // Companies, people and the catalog.
  { namespace: 'team', pattern: 'roles.*', values: MEMBER_ROLES },
  { namespace: 'team', pattern: 'statuses.*', values: INVITATION_DISPLAY_STATUSES },
  { namespace: 'team', pattern: 'roleHints.*', values: INVITABLE_ROLES },
  ...['subject', 'body', 'expiry'].map((part): KeySet => ({ namespace: 'identity', pattern: `mail.*.${part}`, values: AUTH_MAIL_KINDS })),
  // The one-time-code mail carries the code, not a button.
  { namespace: 'identity', pattern: 'mail.*.action', values: AUTH_MAIL_KINDS.filter((kind) => kind !== 'code') },
  { namespace: 'identity', pattern: 'preferencesPage.style.*', values: DATE_STYLES },
  { namespace: 'identity', pattern: 'password.reasons.*', values: WEAK_PASSWORD_REASONS },
  { namespace: 'identity', pattern: 'preferencesPage.cycle.*', values: HOUR_CYCLES },
  { namespace: 'common', pattern: 'verification.status.*', values: VERIFICATION_STATUSES },
  { namespace: 'common', pattern: 'company.roles.*', values: MEMBER_ROLES },
  { namespace: 'companies', pattern: 'roles.*', values: MEMBER_ROLES },
  { namespace: 'companies', pattern: 'kinds.*.label', values: COMPANY_KINDS },
  { namespace: 'companies', pattern: 'kinds.*.description', values: COMPANY_KINDS },
  { namespace: 'companies', pattern: 'services.*', values: SERVICE_TYPES },
  ...['name', 'new', 'title', 'description', 'add', 'empty', 'emptyAdmin', 'emptyMember'].map((part): KeySet => ({
    namespace: 'addresses',
    pattern: `types.*.${part}`,
    values: ADDRESS_TYPES,
  })),
  { namespace: 'admin', pattern: 'users.roles.*', values: PLATFORM_ROLES },
  { namespace: 'admin', pattern: 'users.statuses.*', values: USER_STATUSES },
  { namespace: 'admin', pattern: 'users.companyRoles.*', values: MEMBER_ROLES },
  { namespace: 'admin', pattern: 'users.actions.duration*', values: BAN_DURATIONS_DAYS },
  { namespace: 'companies', pattern: 'settings.description.*', values: DESCRIPTION_FIELDS.map(([name]) => name) },
  { namespace: 'suppliers', pattern: 'setting.description.*', values: DESCRIPTION_FIELDS.map(([name]) => name) },
  { namespace: 'suppliers', pattern: 'review.description.*', values: LOCALES },
  { namespace: 'planAdmin', pattern: 'form.languages.*', values: LOCALES },
  ...['title', 'body', 'label'].map((part): KeySet => ({ namespace: 'suppliers', pattern: `steps.*.${part}`, values: ONBOARD_STEPS })),
  { namespace: 'suppliers', pattern: 'types.*.label', values: SUPPLIER_TYPES },
  { namespace: 'suppliers', pattern: 'types.*.description', values: SUPPLIER_TYPES },
  { namespace: 'suppliers', pattern: 'mail.*.subject', values: DECISIONS },
  { namespace: 'suppliers', pattern: 'mail.*.body', values: DECISIONS },
  { namespace: 'suppliers', pattern: 'mail.*.action', values: DECISIONS },
  { namespace: 'suppliers', pattern: 'review.decisions.*', values: DECISIONS },
  { namespace: 'suppliers', pattern: 'queue.decided.*', values: DECISIONS },
  { namespace: 'suppliers', pattern: 'queue.statuses.*', values: APPLICATION_STATUSES },
  { namespace: 'catalog', pattern: 'statuses.*', values: PRODUCT_STATUSES },
  { namespace: 'catalog', pattern: 'units.*', values: PRODUCT_UNITS },
  { namespace: 'catalog', pattern: 'list.sorts.*', values: PRODUCT_SORTS },
  { namespace: 'catalog', pattern: 'views.*', values: PRODUCT_VIEWS },
  { namespace: 'catalog', pattern: 'edit.locales.*', values: CATEGORY_NAME_LOCALES },
  { namespace: 'common', pattern: 'unitNames.*', values: PRODUCT_UNITS, plural: true },
  { namespace: 'marketplace', pattern: 'market.sorts.*', values: SEARCH_SORTS },
  { namespace: 'directory', pattern: 'supplierTypes.*', values: SUPPLIER_TYPES },
  { namespace: 'directory', pattern: 'profile.verification.*', values: VERIFICATION_STATUSES },
  { namespace: 'directory', pattern: 'list.sorts.*', values: DIRECTORY_SORTS },
  { namespace: 'productImport', pattern: 'columns.*', values: IMPORT_COLUMNS },
  { namespace: 'productImport', pattern: 'statuses.*', values: IMPORT_JOB_STATUSES },
  // Stock: the kinds of movement and the reasons of an adjustment.
  { namespace: 'inventory', pattern: 'kinds.*', values: MOVEMENT_KINDS },
  { namespace: 'inventory', pattern: 'reasons.*', values: ADJUSTMENT_REASONS },
  // Messaging and the shell.
  { namespace: 'chat', pattern: 'kinds.*', values: CONVERSATION_KINDS },
  { namespace: 'chat', pattern: 'visibility.*', values: CHANNEL_VISIBILITIES },
  { namespace: 'chat', pattern: 'visibility.*Hint', values: CHANNEL_VISIBILITIES },
  { namespace: 'chat', pattern: 'status.*', values: PRESENCE_STATUSES },
  { namespace: 'chat', pattern: 'connection.*', values: CONNECTION_STATES },
  { namespace: 'chat', pattern: 'subjects.*', values: SUBJECT_KINDS },
  { namespace: 'chat', pattern: 'inbox.tabs.*', values: INBOX_TABS },
  { namespace: 'messaging', pattern: 'titles.*', values: SUBJECT_KINDS },
  // Shipments.
  { namespace: 'logistics', pattern: 'status.*', values: SHIPMENT_STATUSES },
  { namespace: 'logistics', pattern: 'modes.*', values: SHIPMENT_MODES },
  { namespace: 'logistics', pattern: 'packageTypes.*', values: PACKAGE_TYPES },
  { namespace: 'logistics', pattern: 'roles.*', values: SHIPMENT_ROLES },
  { namespace: 'logistics', pattern: 'sources.*', values: TRACKING_SOURCES },
  { namespace: 'logistics', pattern: 'detail.with.*', values: SHIPMENT_ROLES },
  { namespace: 'logistics', pattern: 'detail.done.*', values: ['track', 'receive', 'warehouse'] },
  // Business documents.
  { namespace: 'documents', pattern: 'types.*', values: DOCUMENT_TYPES },
  { namespace: 'documents', pattern: 'statuses.*', values: DOCUMENT_STATUSES },
  { namespace: 'documents', pattern: 'sources.*', values: DOCUMENT_SOURCES },
  { namespace: 'documents', pattern: 'languages.*', values: DOCUMENT_LANGUAGES },
  { namespace: 'documents', pattern: 'sides.*', values: ['writer', 'counterparty'] },
  { namespace: 'documents', pattern: 'timeline.*', values: ['issued', 'accepted', 'rejected'] },
  { namespace: 'documents', pattern: 'edit.done.*', values: ['save', 'issue', 'void', 'decide', 'revoke'] },
  {
    namespace: 'documents',
    pattern: 'fields.*',
    values: ['marksAndNumbers', 'bankDetails', 'remarks', 'signatory', 'portOfLoading', 'portOfDischarge', 'vesselOrFlight', 'hsCode', 'originCountry'],
  },
  {
    namespace: 'documents',
    pattern: 'compare.paths.*',
    values: [
      'relatedNumbers',
      'currency',
      'incoterm',
      'incotermPlace',
      'paymentTerms',
      'seller',
      'buyer',
      'name',
      'address',
      'country',
      'companyId',
      'mode',
      'carrier',
      'trackingNumber',
      'billOfLading',
      'airWaybill',
      'containerNumbers',
      'etd',
      'eta',
      'packageCount',
      'grossWeightKg',
      'netWeightKg',
      'volumeM3',
      'position',
      'sku',
      'description',
      'unit',
      'quantity',
      'unitPrice',
      'amount',
    ],
  },
  { namespace: 'documents', pattern: 'compare.totals.*', values: ['quantity', 'subtotal', 'freight', 'insurance', 'total'] },
  { namespace: 'documents', pattern: 'compare.*', values: ['from', 'to'] },
  {
    namespace: 'documents',
    pattern: 'events.*',
    values: ['created', 'edited', 'new_version', 'issued', 'shared', 'share_revoked', 'accepted', 'rejected', 'voided'],
  },
  { namespace: 'documents', pattern: 'shares.statuses.*', values: ['active', 'expired', 'revoked'] },
  // Finance: the ledger's words, payments, payouts and their pages.
  { namespace: 'finance', pattern: 'entries.*', values: FINANCE_ENTRY_KINDS },
  { namespace: 'financePapers', pattern: 'kinds.*', values: FINANCE_PAPER_KINDS },
  { namespace: 'financePapers', pattern: 'sides.*', values: ['buyer', 'supplier'] },
  { namespace: 'financePapers', pattern: 'statuses.*', values: PAYMENT_STATUSES },
  { namespace: 'finance', pattern: 'accountKinds.*', values: COMPANY_ACCOUNT_KINDS },
  { namespace: 'finance', pattern: 'paymentStatuses.*', values: PAYMENT_STATUSES },
  { namespace: 'finance', pattern: 'payoutStatuses.*', values: PAYOUT_STATUSES },
  { namespace: 'finance', pattern: 'stages.*', values: PAYMENT_STAGES },
  { namespace: 'finance', pattern: 'due.*', values: ['on_confirmation', 'before_shipment', 'after_delivery'] },
  { namespace: 'finance', pattern: 'providers.*', values: PAYMENT_PROVIDERS },
  { namespace: 'finance', pattern: 'providerHelp.*', values: PAYMENT_PROVIDERS },
  { namespace: 'finance', pattern: 'statement.reasons.*', values: UNMATCHED_REASONS },
  { namespace: 'finance', pattern: 'cashFlow.series.*', values: ['moneyIn', 'moneyOut', 'held', 'refunded'] },
  { namespace: 'financeSetup', pattern: 'kycStatus.*', values: KYC_STATUSES },
  { namespace: 'financeSetup', pattern: 'onboarding.status.*', values: KYC_STATUSES },
  { namespace: 'financeSetup', pattern: 'onboarding.*Documents', values: KYC_DOCUMENT_KINDS },
  { namespace: 'financeSetup', pattern: 'schemes.*', values: BANK_ACCOUNT_SCHEMES },
  { namespace: 'financeSetup', pattern: 'bankStatus.*', values: BANK_ACCOUNT_STATUSES },
  { namespace: 'financeSetup', pattern: 'fields.*', values: ['iban', 'accountNumber', 'abaRouting', 'cnaps'] },
  { namespace: 'financeSetup', pattern: 'preferences.schedules.*', values: PAYOUT_SCHEDULES },
  { namespace: 'finance', pattern: 'order.description.*', values: ['buyer', 'supplier', 'platform'] },
  { namespace: 'hsLookup', pattern: 'levels.*', values: HS_LEVELS.map(String) },
  { namespace: 'eping', pattern: 'areas.*', values: EPING_AREAS },
  { namespace: 'eping', pattern: 'links.*', values: EPING_LINK_LABELS },
  { namespace: 'eping', pattern: 'reasons.*', values: EPING_MATCH_REASON_KINDS },
  { namespace: 'eping', pattern: 'reviewStatuses.*', values: EPING_REVIEW_STATUSES },
  { namespace: 'finance', pattern: 'payments.direction.*', values: ['paid', 'received', 'all'] },
  { namespace: 'finance', pattern: 'payments.empty.*', values: ['paid', 'received', 'all'] },
  { namespace: 'finance', pattern: 'payments.emptyHelp.*', values: ['paid', 'received', 'all'] },
  { namespace: 'finance', pattern: 'payments.done.*', values: ['pay', 'refundSent', 'upload', 'match', 'ignore'] },
  { namespace: 'finance', pattern: 'payouts.done.*', values: ['request', 'accept', 'reject', 'paid', 'failed'] },
  { namespace: 'finance', pattern: 'payouts.kyc.*', values: ['none', ...KYC_STATUSES] },
  { namespace: 'common', pattern: 'colorMode.*', values: COLOR_PREFERENCES },
  { namespace: 'assistant', pattern: 'builtin.working.*', values: ASSISTANT_INTENTS },
  { namespace: 'assistant', pattern: 'tools.*', values: ASSISTANT_TOOLS },
  { namespace: 'assistant', pattern: 'errors.*', values: [...PROVIDER_ERROR_CODES, ...TURN_ERROR_CODES] },
  { namespace: 'assistant', pattern: 'units.*', values: ASSISTANT_UNITS },
  { namespace: 'assistant', pattern: 'draft.title.*', values: DRAFT_TARGETS },
  { namespace: 'assistant', pattern: 'draft.create.*', values: DRAFT_TARGETS },
  { namespace: 'assistant', pattern: 'draft.created.*', values: DRAFT_TARGETS },
  { namespace: 'assistant', pattern: 'draft.fields.*', values: DRAFT_FIELDS },
  { namespace: 'assistant', pattern: 'builtin.risk.*', values: COMPARISON_RISKS },
  { namespace: 'assistant', pattern: 'orderStatus.*', values: PURCHASE_ORDER_STATUSES },
  { namespace: 'assistant', pattern: 'projectStatus.*', values: PROJECT_STATUSES },
  { namespace: 'assistant', pattern: 'rfqStatus.*', values: RFQ_STATUSES },
  { namespace: 'assistant', pattern: 'provider.*', values: ASSISTANT_PROVIDER_KINDS },
  { namespace: 'assistant', pattern: 'playground.outcome.*', values: TOOL_OUTCOMES },
  { namespace: 'common', pattern: 'palette.groups.*', values: PALETTE_KINDS },
  // Plans: limit names (also in common, for the limit notice every page can show), periods and history lines.
  { namespace: 'billing', pattern: 'limits.*', values: PLAN_LIMITS },
  { namespace: 'billing', pattern: 'periods.*', values: PLAN_PERIODS },
  { namespace: 'billing', pattern: 'perPeriod.*', values: PLAN_PERIODS },
  { namespace: 'billing', pattern: 'history.kinds.*', values: PLAN_CHANGE_KINDS },
  { namespace: 'billing', pattern: 'invoices.statuses.*', values: [...PLAN_INVOICE_STATUSES, 'overdue'] },
  { namespace: 'common', pattern: 'planLimit.limits.*', values: PLAN_LIMITS },
  // The public pricing page: its billing periods and its questions and answers.
  ...['period.*', 'plan.billed.*', 'plan.youPay.*', 'cta.switchPeriod.*'].map((pattern): KeySet => ({ namespace: 'plans', pattern, values: PLAN_PERIODS })),
  { namespace: 'plans', pattern: 'faq.*.q', values: FAQ_ITEMS },
  { namespace: 'plans', pattern: 'faq.*.a', values: FAQ_ITEMS },
  // The landing pages (issue 25): the tour's captions, and each page's points, steps and questions.
  ...['tour.*.title', 'tour.*.body'].map((pattern): KeySet => ({ namespace: 'landing', pattern, values: TOUR_SHOTS })),
  ...['marketing.audiences.buyers.*', 'marketing.audiences.suppliers.*'].map((pattern): KeySet => ({ namespace: 'landing', pattern, values: AUDIENCE_POINTS })),
  ...landingSets(
    'marketing.capabilities.*',
    ['title', 'body'],
    MARKETING_CAPABILITIES.map((point) => point.id),
  ),
  ...landingSets(
    'marketing.trust.*',
    ['title', 'body'],
    MARKETING_TRUST.map((point) => point.id),
  ),
  ...landingSets('marketing.faq.*', ['q', 'a'], MARKETING_FAQ),
  ...landingSets('sourcing.steps.*', ['title', 'body'], SOURCING_STEPS),
  ...landingSets('sourcing.faq.*', ['q', 'a'], SOURCING_FAQ),
  ...landingSets(
    'portal.why.*',
    ['title', 'body'],
    PORTAL_WHY.map((point) => point.id),
  ),
  ...landingSets('portal.steps.*', ['title', 'body'], PORTAL_STEPS),
  ...landingSets('portal.faq.*', ['q', 'a'], PORTAL_FAQ),
]

/** One key set per text of a landing page's items: `marketing.faq.*` with `q` and `a` gives `marketing.faq.*.q`, `….a`. */
function landingSets(group: string, texts: string[], values: readonly string[]): KeySet[] {
  return texts.map((text) => ({ namespace: 'landing', pattern: `${group}.${text}`, values }))
}

const keyOf = (pattern: string, value: string | number) => pattern.replace('*', String(value))

describe('message keys built at run time', () => {
  for (const set of KEY_SETS) {
    for (const locale of LOCALES) {
      it(`${set.namespace}:${set.pattern} has a text in ${locale} for every value`, () => {
        const t = createTranslator(CATALOGS[locale], set.namespace, locale)
        const lookups = set.values.flatMap((value) => (set.plural ? [1, 2] : [undefined]).map((count) => ({ key: keyOf(set.pattern, value), count })))
        const missing = lookups
          .filter(({ key, count }) => !t(key, { defaultValue: '', count }).trim())
          .map(({ key, count }) => (count ? `${key} (count ${count})` : key))
        expect(missing).toEqual([])
      })
    }
  }

  it('are all enumerated above: every template-literal key in the code matches a key set of its namespaces', () => {
    const unlisted: string[] = []
    for (const file of sourceFiles(path.resolve('app')).concat(sourceFiles(path.resolve('server')))) {
      const source = readFileSync(file, 'utf8')
      const namespaces = new Set<string>(['common'])
      for (const match of source.matchAll(/(?:useTranslation|translator\([^,)]+,)\s*\(?\s*'([\w-]+)'/g)) namespaces.add(match[1] ?? '')
      for (const match of source.matchAll(/(?:\bt|translator\([^)]*\))\(\s*`([^`]*\$\{[^`]*)`/g)) {
        const pattern = (match[1] ?? '').replace(/\$\{[^}]*\}/g, '*')
        const listed = KEY_SETS.some((set) => set.pattern === pattern && namespaces.has(set.namespace))
        if (!listed) unlisted.push(`${path.relative(process.cwd(), file)}: ${pattern}`)
      }
    }
    expect(unlisted).toEqual([])
  })
})

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}
