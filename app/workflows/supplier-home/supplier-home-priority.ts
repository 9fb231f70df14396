// The order of the supplier home's "needs attention": what costs money or a deal soonest comes first.
import type { Task, TaskId } from '../dashboard/dashboard-tasks'

/** An RFQ due within this many hours outranks every other task but a late shipment. */
export const CLOSING_SOON_HOURS = 48

/** The standing order of the tasks; an RFQ closing soon moves up to `rfqsClosingSoon`'s place. */
const RANK: readonly (TaskId | 'rfqsClosingSoon')[] = [
  'overdueShipments',
  'rfqsClosingSoon',
  'ordersToConfirm',
  'changesToDecide',
  'rfqsToQuote',
  'supplierVerification',
  'addPayoutAccount',
  'listServices',
  'lowStock',
]

const closingSoon = (task: Task, now: Date) =>
  task.id === 'rfqsToQuote' && task.items.some((item) => item.date !== null && new Date(item.date).getTime() - now.getTime() <= CLOSING_SOON_HOURS * 3_600_000)

/** The tasks with something to do, the most urgent first (ties keep their order). */
export function prioritisedTasks(tasks: readonly Task[], now: Date): Task[] {
  const rankOf = (task: Task) => {
    const rank = RANK.indexOf(closingSoon(task, now) ? 'rfqsClosingSoon' : task.id)
    return rank === -1 ? RANK.length : rank
  }
  return tasks
    .filter((task) => task.count > 0)
    .map((task, index) => ({ task, index }))
    .sort((a, b) => rankOf(a.task) - rankOf(b.task) || a.index - b.index)
    .map(({ task }) => task)
}
