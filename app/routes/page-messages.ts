import type { MessagePick } from '../platform/i18n/translate.server'

/**
 * Pages that send the browser only some groups of a module's catalog, by route module. A page lists every group its
 * components can show, including texts of states not rendered at first (dialogs, errors, empty lists):
 * `tests/unit/page-messages.test.ts` reads each page's code and fails when a group it uses is missing here.
 */
export const PAGE_MESSAGES = {
  /** The order lists (all orders, and the buyer's): filters, rows, statuses. */
  orderList: { orders: ['list', 'side', 'status', 'validation'] },
} as const satisfies Record<string, MessagePick>

/** The route modules that send each pick, for the test. */
export const PAGE_MESSAGE_ROUTES: Record<keyof typeof PAGE_MESSAGES, string[]> = {
  orderList: ['app/routes/app/orders/index.tsx', 'app/routes/app/orders/buyer.tsx'],
}
