import type { MessagePick } from '../platform/i18n/translate.server'

/**
 * Pages that send the browser only some groups of a module's catalog. A page lists every group its components can
 * show, including texts of states not rendered at first (dialogs, errors, empty lists) and keys its server code hands
 * to the browser: `tests/unit/page-messages.test.ts` reads each page's modules and fails when a group it uses is
 * missing here.
 */
export const PAGE_MESSAGES = {
  /** An order's own page, the buyer's and the supplier's: the orders catalog without the order form, and the thread's entry point. */
  orderDetail: {
    orders: ['actionHelp', 'actions', 'confirm', 'detail', 'done', 'events', 'incoterms', 'list', 'paymentTerms', 'progress', 'side', 'status', 'validation'],
    chat: ['entry', 'kinds', 'message', 'status'],
  },
  /** The notification list: its own texts and the settings link; titles and bodies arrive translated in its items. */
  notificationList: {
    notifications: [
      'apply',
      'description',
      'empty',
      'emptyHint',
      'emptyUnread',
      'filterLabel',
      'listLabel',
      'markAllRead',
      'markedRead',
      'markRead',
      'markReadLabel',
      'metaTitle',
      'open',
      'read',
      'receivedAt',
      'settings',
      'showAll',
      'title',
      'unread',
      'unreadCount',
      'unreadOnly',
      'validation',
    ],
  },
  /** The preferences page: its form, the preferences' validation texts and the link to the password. */
  preferencesPage: { identity: ['password', 'preferences', 'preferencesPage'] },
  /** The supplier's product list: its table, filters and views; the product form and the grid editor have their own pages. */
  productList: { catalog: ['list', 'statuses', 'validation', 'views'] },
  /** The inbox's list of conversations (a conversation's own page sends the whole chat catalog). */
  inboxList: { chat: ['conversation', 'inbox', 'kinds', 'message', 'status'] },
  /** The sourcing assistant: its chat, cards and drafts; the provider's configuration and the playground are the admins'. */
  assistantChat: {
    assistant: ['builtin', 'cards', 'chat', 'draft', 'drafts', 'errors', 'meta', 'orderStatus', 'projectStatus', 'rfqStatus', 'tools', 'units', 'validation'],
  },
  /** An order's shipments, on both order pages. */
  orderShipments: { logistics: ['orderShipments', 'status', 'modes', 'list', 'detail', 'validation'] },
  /** The dashboard's shipments: their statuses (its own texts come from the dashboard catalog, cut to its sections). */
  dashboard: { logistics: ['status'] },
  /** Booking a shipment: the form, transport modes and package types. */
  shipmentBooking: { logistics: ['booking', 'modes', 'packageTypes', 'validation'] },
  /** The shipments list and one shipment: timeline, map, tracking and receipt forms. */
  shipmentTracking: {
    logistics: [
      'tracking',
      'list',
      'detail',
      'event',
      'receive',
      'expected',
      'claims',
      'csvUpload',
      'csv',
      'map',
      'status',
      'modes',
      'roles',
      'sources',
      'validation',
    ],
  },
  /** The order lists (all orders, and the buyer's): filters, rows, statuses. */
  orderList: { orders: ['list', 'side', 'status'] },
  /** Choosing the interface language (issue 26). */
  languages: { identity: ['languagesPage', 'mail', 'sms', 'validation'] },
  /** The home page's own texts, which no other page needs in the catalogs every page loads. */
  landing: { marketplace: ['landing'] },
  /** A new order or a draft: the order form, its delivery address and the stock the supplier publishes. */
  newOrder: {
    orders: ['form', 'incoterms', 'paymentTerms', 'status', 'validation'],
    addresses: ['form', 'select', 'validation'],
    marketplace: ['availability', 'validation'],
  },
  projectList: { projects: ['list', 'status'] },
  projectForm: { projects: ['form', 'validation'] },
  /** The RFQ list, and the RFQ form with its supplier search. */
  rfqs: {
    rfqs: ['form', 'invitationStatus', 'list', 'publish', 'status', 'validation', 'visibility'],
    sourcing: ['approval', 'selector', 'validation'],
  },
  findSuppliers: { sourcing: ['approval', 'find', 'validation'] },
  sourcingPipeline: { sourcing: ['pipeline'] },
  /** Sign-in, and the email confirmation that may lead back to it. */
  signIn: { identity: ['login', 'mail', 'password', 'sms', 'validation'] },
  confirmEmail: { identity: ['confirm', 'login', 'mail', 'password', 'sms', 'validation'] },
  verificationQueue: { suppliers: ['mail', 'queue', 'types'] },
  supplierType: { suppliers: ['fields', 'mail', 'supplierType', 'types', 'validation'] },
  supplierSetting: { suppliers: ['fields', 'mail', 'setting', 'validation'], companies: ['fields', 'validation'] },
  requirementGrid: { projects: ['form', 'grid', 'requirementStatus', 'validation'] },
  supplierSignUp: {
    suppliers: ['fields', 'mail', 'onboard', 'steps', 'summary', 'types', 'validation'],
    companies: ['fields', 'kinds', 'validation'],
    identity: ['login', 'mail', 'password', 'sms', 'validation'],
  },
  freightRequest: { services: ['freight', 'kinds', 'modes', 'validation'] },
  requirementForm: { projects: ['list', 'requirements', 'validation'] },
  priceResearch: { sourcing: ['research', 'validation'] },
  requirementList: { projects: ['list', 'requirementStatus', 'requirements', 'status'] },
  approvedSuppliers: { sourcing: ['approval', 'management', 'selector', 'validation'] },
  serviceOrderForm: { services: ['kinds', 'order', 'types', 'validation'] },
  requestBoard: { rfqs: ['board', 'validation'] },
  requirementDetail: { projects: ['detail', 'requirementStatus', 'requirements', 'status', 'validation'] },
  companyProfile: { directory: ['list', 'profile', 'supplierTypes', 'validation'], marketplace: ['card', 'validation'], chat: ['entry'] },
  publicServices: { services: ['public', 'status', 'types', 'validation'], offerings: ['public', 'terms', 'bases', 'validation'] },
  /** An HS code's page: the lookup's texts and the marketplace's product cards. */
  hsCodePage: {
    hsLookup: ['meta', 'page', 'search', 'levels', 'fallback', 'browse', 'code', 'notFound', 'validation'],
    marketplace: ['card', 'validation'],
  },
  supplierOnboarding: { suppliers: ['fields', 'history', 'mail', 'onboard', 'onboarding', 'types', 'validation'] },
  companyAddresses: {
    addresses: ['card', 'delete', 'fields', 'form', 'meta', 'page', 'postal', 'types', 'validation'],
    companies: ['fields', 'settingsNav', 'validation'],
  },
  /** The company's plan, usage and plan changes (issue 24). */
  planSettings: {
    billing: [
      'title',
      'intro',
      'limits',
      'limitLine',
      'periods',
      'perPeriod',
      'unlimited',
      'free',
      'current',
      'usage',
      'change',
      'history',
      'invoices',
      'validation',
    ],
    companies: ['settingsNav', 'validation'],
  },
  teamSettings: {
    team: ['actions', 'columns', 'directory', 'invitations', 'invite', 'leave', 'mail', 'manage', 'roles', 'statuses', 'validation'],
    companies: ['kinds', 'roles', 'settingsNav', 'validation'],
  },
  buyingRequest: { rfqs: ['invitationStatus', 'list', 'publish', 'status', 'validation'] },
  verificationReview: { suppliers: ['fields', 'history', 'mail', 'review', 'setting', 'types', 'validation'], companies: ['fields', 'kinds', 'validation'] },
  supplierQuote: {
    quotations: ['confirm', 'decline', 'editor', 'history', 'invitation', 'paymentTerms', 'portal', 'questions', 'quote', 'result', 'status', 'validation'],
    chat: ['entry', 'kinds', 'message', 'status'],
  },
  quotationComparison: {
    comparison: ['assumptions', 'award', 'basis', 'components', 'confirm', 'decisions', 'matrix', 'page', 'paymentTerms', 'sealed', 'validation'],
    chat: ['entry', 'kinds', 'message', 'status'],
  },
  /** The company's warehouses, their form and the archive confirmation. */
  warehouses: { inventory: ['archive', 'form', 'validation', 'warehouses'] },
  /** One warehouse: its stock, the movement forms and the ledger. */
  warehouseDetail: { inventory: ['archive', 'detail', 'kinds', 'move', 'movements', 'pagination', 'reasons', 'stock', 'validation'] },
  rfqDetail: {
    rfqs: ['confirm', 'detail', 'invitationStatus', 'quotationStatus', 'status', 'validation', 'visibility'],
    chat: ['entry', 'kinds', 'message', 'status', 'visibility'],
  },
  /** The company's documents: filters, rows, types, statuses and the records they come from. */
  documentList: { documents: ['fields', 'list', 'sides', 'sources', 'statuses', 'types'] },
  /** Making a document: the record, type and language choices, and the preview of what it copies. */
  documentCreate: { documents: ['create', 'types', 'sources', 'languages', 'validation'] },
  /**
   * The documents card of a record's page (order, shipment, quotation), with the zip of them all; `events`, `list` and
   * `sources` only because those pages' other texts have groups of the same names.
   */
  recordDocuments: { documents: ['batch', 'events', 'fields', 'list', 'record', 'sources', 'statuses', 'timeline', 'types', 'validation'] },
  /** A document's page: its fields, versions and comparison, share links and activity, for writer and counterparty. */
  documentEdit: { documents: ['compare', 'edit', 'events', 'fields', 'languages', 'shares', 'sources', 'statuses', 'types', 'validation'] },
  /** The public document page: a shared document with its answer form, or a PDF's verification. */
  documentView: { documents: ['statuses', 'types', 'validation', 'verify', 'view'] },
  /** Payment & escrow on both order pages: instalments, payments, the Pay dialog and the bank transfer's instructions. */
  orderPayments: {
    finance: [
      'bank',
      'due',
      'entries',
      'lines',
      'order',
      'paymentStatuses',
      'payoutStatuses',
      'providerHelp',
      'providers',
      'stages',
      'statement',
      'validation',
    ],
  },
  /** Finance set-up: bank accounts with their scheme's fields, and the finance preferences. */
  financeSettings: { financeSetup: ['bankAccounts', 'bankStatus', 'fields', 'meta', 'preferences', 'schemes', 'validation'] },
  /** The KYC form with its owners, documents, status banner and submission dialog. */
  financeOnboarding: { financeSetup: ['bankAccounts', 'fields', 'kycStatus', 'meta', 'onboarding', 'validation'] },
  /** The platform admins' queue of KYC profiles and bank accounts, with the reject dialog. */
  financeReviews: { financeSetup: ['fields', 'meta', 'onboarding', 'reviews', 'schemes', 'validation'] },
  /** The company's finance papers: receipts, fee invoices and statements with their filters. */
  financePapers: { financePapers: ['columns', 'kinds', 'page', 'sections', 'sides', 'statuses', 'validation'] },
  /** The public pricing page: its own texts, and the names of the limits and features the plan settings use too. */
  pricingPage: {
    plans: ['meta', 'hero', 'period', 'currency', 'price', 'plan', 'cta', 'compare', 'ask', 'faq', 'validation'],
    billing: ['features', 'limits', 'unlimited', 'validation'],
  },
  /** The public landing pages (issue 25): each its own group of the landing catalog, the shared frame and the tour's captions. */
  marketingPage: { landing: ['shell', 'tour', 'marketing'] },
  /** The sourcing page also names the parts of a landed cost as the quotation comparison does. */
  sourcingPage: { landing: ['shell', 'sourcing'], comparison: ['components', 'validation'] },
  /** The supplier landing page also lists the supplier types of the application. */
  supplierPortalPage: { landing: ['shell', 'tour', 'portal'], suppliers: ['types'] },
  /** The platform admins' plans: the list, the plan form, the retire and make-default dialogs, assigning a company a plan. */
  planAdmin: {
    planAdmin: ['title', 'description', 'newPlan', 'done', 'list', 'form', 'retire', 'makeDefault', 'assign'],
    billing: ['features', 'free', 'invoices', 'limits', 'periods', 'unlimited', 'validation'],
  },
  /** The services a supplier offers: the list, its form (with the country picker of the supplier profile) and the delete dialog. */
  serviceOfferings: {
    offerings: ['bases', 'delete', 'done', 'form', 'list', 'meta', 'page', 'terms', 'validation'],
    services: ['list', 'status', 'types', 'validation'],
    suppliers: ['fields', 'mail', 'types', 'validation'],
  },
  /** The supplier home: its cards, the dashboard's task list and the names of the services. */
  supplierHome: {
    supplierHome: ['becomeSupplier', 'catalogue', 'inbox', 'meta', 'noCompany', 'orders', 'page', 'services', 'verification'],
    dashboard: ['tasks'],
    services: ['kinds', 'status', 'types', 'validation'],
  },
  /** The platform admins' route check of a project: the project picker, the checks, and the projects' status names. */
  routeCheck: { routeCheck: ['checks', 'meta', 'page', 'result', 'sections', 'statuses'], projects: ['status', 'validation'] },
} as const satisfies Record<string, MessagePick>

/**
 * Groups the test's scan finds in code a page reaches, which the page never shows, each with the reason. The scan reads
 * key-like texts in every module a page imports, whatever catalog they belong to: the services behind a loader throw
 * the validation keys of their own modules, and a page without a form shows none of them (a bad filter in the address
 * is answered on the server, in the error page's words).
 */
export const PAGE_MESSAGES_NOT_SHOWN: Partial<Record<keyof typeof PAGE_MESSAGES, MessagePick>> = {
  /** No shipment form on the dashboard: the statuses only. */
  dashboard: { logistics: ['validation'] },
  /** The list's filters are links and a GET form checked by the loader; it has no form that posts. */
  orderList: { orders: ['validation'] },
  /** Lists whose loaders drop a filter that does not parse (the documents list says so in its own words). */
  projectList: { projects: ['validation'] },
  requirementList: { projects: ['validation'] },
  documentList: { documents: ['validation'] },
  verificationQueue: { suppliers: ['validation'] },
  /** The server writes each notice's title and body (kinds) and its mails (mail) in the reader's language. */
  notificationList: { notifications: ['kinds', 'mail'] },
}

/** The route modules that send each pick, for the test. */
export const PAGE_MESSAGE_ROUTES: Record<keyof typeof PAGE_MESSAGES, string[]> = {
  notificationList: ['app/routes/app/notifications.tsx'],
  inboxList: ['app/routes/app/inbox/index.tsx'],
  assistantChat: ['app/routes/app/sourcing/chat.tsx'],
  preferencesPage: ['app/routes/app/user/preference.tsx'],
  productList: ['app/routes/app/products/index.tsx'],
  orderDetail: ['app/routes/app/orders/view.tsx', 'app/routes/app/supplier/purchase-order-detail.tsx'],
  orderShipments: ['app/routes/app/orders/view.tsx', 'app/routes/app/supplier/purchase-order-detail.tsx'],
  dashboard: ['app/routes/app/dashboard.tsx'],
  shipmentBooking: ['app/routes/app/shipments/shipping.tsx'],
  shipmentTracking: ['app/routes/app/shipments/tracking.tsx'],
  orderList: ['app/routes/app/orders/index.tsx', 'app/routes/app/orders/buyer.tsx'],
  languages: ['app/routes/languages.tsx'],
  landing: ['app/routes/home.tsx'],
  newOrder: ['app/routes/app/orders/new-order.tsx'],
  projectList: ['app/routes/app/purchase/projects/index.tsx'],
  projectForm: ['app/routes/app/purchase/projects/create.tsx', 'app/routes/app/purchase/projects/edit.tsx'],
  rfqs: ['app/routes/app/sourcing/rfq.tsx'],
  findSuppliers: ['app/routes/app/sourcing/find.tsx'],
  sourcingPipeline: ['app/routes/app/sourcing/purchase.tsx'],
  signIn: ['app/routes/auth/login.tsx'],
  confirmEmail: ['app/routes/auth/confirm.tsx'],
  verificationQueue: ['app/routes/app/verification/index.tsx'],
  supplierType: ['app/routes/app/supplier/supplier-type.tsx'],
  supplierSetting: ['app/routes/app/supplier/setting.tsx'],
  requirementGrid: ['app/routes/app/purchase/requirements/bulk-manage.tsx'],
  supplierSignUp: ['app/routes/supplier/onboard.tsx'],
  freightRequest: ['app/routes/app/orders/logistic-order.tsx'],
  requirementForm: ['app/routes/app/purchase/requirements/create.tsx'],
  priceResearch: ['app/routes/app/sourcing/research.tsx'],
  requirementList: ['app/routes/app/purchase/requirements/index.tsx'],
  approvedSuppliers: ['app/routes/app/supplier/management.tsx'],
  serviceOrderForm: ['app/routes/app/orders/service-order.tsx'],
  requestBoard: ['app/routes/orders-board.tsx'],
  requirementDetail: ['app/routes/app/purchase/requirements/view.tsx'],
  companyProfile: ['app/routes/b2b/company/detail.tsx'],
  publicServices: ['app/routes/service/index.tsx', 'app/routes/service/type.tsx'],
  hsCodePage: ['app/routes/hscode/code.tsx'],
  supplierOnboarding: ['app/routes/app/supplier/onboarding.tsx'],
  companyAddresses: ['app/routes/app/settings/address.tsx'],
  teamSettings: ['app/routes/app/settings/team.tsx'],
  planSettings: ['app/routes/app/settings/plan.tsx'],
  buyingRequest: ['app/routes/app/orders/publish.tsx'],
  verificationReview: ['app/routes/app/verification/detail.tsx'],
  supplierQuote: ['app/routes/app/supplier/quote.tsx'],
  quotationComparison: ['app/routes/app/sourcing/quotations.tsx'],
  warehouses: ['app/routes/app/warehouse/index.tsx'],
  warehouseDetail: ['app/routes/app/warehouse/detail.tsx'],
  rfqDetail: ['app/routes/app/sourcing/rfq-detail.tsx'],
  documentList: ['app/routes/app/documents/index.tsx'],
  documentCreate: ['app/routes/app/documents/create.tsx'],
  recordDocuments: [
    'app/routes/app/orders/view.tsx',
    'app/routes/app/supplier/purchase-order-detail.tsx',
    'app/routes/app/shipments/tracking.tsx',
    'app/routes/app/supplier/quote.tsx',
  ],
  documentEdit: ['app/routes/app/documents/edit.tsx'],
  documentView: ['app/routes/view.tsx'],
  orderPayments: ['app/routes/app/orders/view.tsx', 'app/routes/app/supplier/purchase-order-detail.tsx'],
  financeSettings: ['app/routes/app/finance/settings.tsx'],
  financeOnboarding: ['app/routes/app/finance/onboarding.tsx'],
  financeReviews: ['app/routes/app/finance/reviews.tsx'],
  financePapers: ['app/routes/app/finance/documents.tsx'],
  pricingPage: ['app/routes/pricing/index.tsx'],
  marketingPage: ['app/routes/marketing/index.tsx'],
  sourcingPage: ['app/routes/sourcing/index.tsx'],
  supplierPortalPage: ['app/routes/supplier/portal.tsx'],
  planAdmin: ['app/routes/app/plans.tsx'],
  serviceOfferings: ['app/routes/app/supplier/service.tsx'],
  supplierHome: ['app/routes/app/supplier/home.tsx'],
  routeCheck: ['app/routes/app/purchase/projects/test-route.tsx'],
}
