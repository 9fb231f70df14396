import type { MessagePick } from '../platform/i18n/translate.server'

/**
 * Pages that send the browser only some groups of a module's catalog. A page lists every group its components can
 * show, including texts of states not rendered at first (dialogs, errors, empty lists) and keys its server code hands
 * to the browser: `tests/unit/page-messages.test.ts` reads each page's modules and fails when a group it uses is
 * missing here.
 */
export const PAGE_MESSAGES = {
  /** The order lists (all orders, and the buyer's): filters, rows, statuses. */
  orderList: { orders: ['list', 'side', 'status', 'validation'] },
  /** A new order or a draft: the order form and its delivery address. */
  newOrder: { orders: ['form', 'incoterms', 'paymentTerms', 'validation'], addresses: ['form', 'select', 'validation'] },
  projectList: { projects: ['list', 'status', 'validation'] },
  projectForm: { projects: ['form', 'validation'] },
  /** The RFQ list, and the RFQ form with its supplier search. */
  rfqs: {
    rfqs: ['form', 'invitationStatus', 'list', 'publish', 'status', 'validation', 'visibility'],
    sourcing: ['approval', 'selector', 'validation'],
  },
  findSuppliers: { sourcing: ['approval', 'find', 'validation'] },
  sourcingPipeline: { sourcing: ['pipeline', 'validation'] },
  /** Sign-in, and the email confirmation that may lead back to it. */
  signIn: { identity: ['login', 'mail', 'password', 'sms', 'validation'] },
  confirmEmail: { identity: ['confirm', 'login', 'mail', 'password', 'sms', 'validation'] },
  verificationQueue: { suppliers: ['mail', 'queue', 'types', 'validation'] },
  supplierType: { suppliers: ['fields', 'mail', 'supplierType', 'types', 'validation'] },
} as const satisfies Record<string, MessagePick>

/** The route modules that send each pick, for the test. */
export const PAGE_MESSAGE_ROUTES: Record<keyof typeof PAGE_MESSAGES, string[]> = {
  orderList: ['app/routes/app/orders/index.tsx', 'app/routes/app/orders/buyer.tsx'],
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
}
