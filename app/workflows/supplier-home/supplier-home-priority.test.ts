import { describe, expect, it } from 'vitest'
import type { Task } from '../dashboard/dashboard-tasks'
import { prioritisedTasks } from './supplier-home-priority'

const now = new Date('2027-01-10T09:00:00Z')
const rfqs = (deadline: string): Task => ({
  id: 'rfqsToQuote',
  count: 1,
  href: '/app/supplier/portal',
  items: [{ id: 'r1', href: '/app/supplier/portal/rfq/r1', title: 'RFQ-1', detail: null, date: deadline }],
})
const step = (id: Task['id']): Task => ({ id, count: 1, href: '/', items: [] })

describe('the supplier home’s order of work', () => {
  it('puts late shipments first, then an RFQ closing within two days, then orders to confirm', () => {
    const tasks = [step('lowStock'), step('ordersToConfirm'), rfqs('2027-01-11T08:00:00Z'), step('overdueShipments'), step('supplierVerification')]
    expect(prioritisedTasks(tasks, now).map((task) => task.id)).toEqual([
      'overdueShipments',
      'rfqsToQuote',
      'ordersToConfirm',
      'supplierVerification',
      'lowStock',
    ])
  })

  it('leaves an RFQ due next week behind the orders and changes to decide', () => {
    const tasks = [rfqs('2027-01-17T08:00:00Z'), step('changesToDecide'), step('ordersToConfirm')]
    expect(prioritisedTasks(tasks, now).map((task) => task.id)).toEqual(['ordersToConfirm', 'changesToDecide', 'rfqsToQuote'])
  })

  it('drops the queues with nothing in them and keeps unknown tasks last, in their order', () => {
    const tasks = [{ ...step('ordersToConfirm'), count: 0 }, step('addAddress'), step('unreadThreads'), step('addPayoutAccount')]
    expect(prioritisedTasks(tasks, now).map((task) => task.id)).toEqual(['addPayoutAccount', 'addAddress', 'unreadThreads'])
  })
})
