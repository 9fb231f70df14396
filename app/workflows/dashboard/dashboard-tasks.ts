// What the dashboard's "Needs you now" lists: queues (a count and the first items) and steps (one thing to do).
// Isomorphic: the workflow builds tasks, the page names them from these ids (dashboard:tasks.<id>.*).

/** Queues of work: `tasks.<id>.title` takes the count, `tasks.<id>.date` dates each item. */
export const QUEUE_TASKS = [
  'verificationQueue',
  'ordersToConfirm',
  'quotationsToDecide',
  'rfqsToQuote',
  'changesToDecide',
  'overdueShipments',
  'overdueDeliveries',
  'rfqsClosing',
] as const
/** Queues without items of their own (a count and the list behind it). */
export const COUNT_TASKS = ['unreadThreads', 'lowStock'] as const
/** Set-up steps: `tasks.<id>.title` and `tasks.<id>.hint`. */
export const STEP_TASKS = ['setUpCompany', 'supplierVerification', 'addAddress', 'addPayoutAccount', 'listServices'] as const

export type TaskId = (typeof QUEUE_TASKS)[number] | (typeof COUNT_TASKS)[number] | (typeof STEP_TASKS)[number]

/** One thing waiting: its own page, a title, who it concerns and a date whose meaning the task names. */
export type TaskItem = { id: string; href: string; title: string; detail: string | null; date: string | null; quotations?: number }
/** `count` stops at the queues' cap; `more` says the queue goes on past it (shown as "100+"). */
export type Task = { id: TaskId; count: number; more?: boolean; href: string; items: TaskItem[] }

export const isStep = (id: TaskId): id is (typeof STEP_TASKS)[number] => (STEP_TASKS as readonly string[]).includes(id)
