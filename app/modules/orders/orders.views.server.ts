// The read model orders publishes (issue 17, ADR 036): what others may join and search on about a purchase order in one
// statement (messaging's inbox search names the order a conversation is about). Tables stay private; the view is the
// contract, created by migration 0019.
import { pgView, text } from 'drizzle-orm/pg-core'
import { PURCHASE_ORDER_STATUSES } from './orders.constants'

/** A purchase order as a conversation names it: number, both sides (null once a company is gone), and its status. */
export const orderSubjects = pgView('order_subjects', {
  id: text('id').notNull(),
  number: text('number').notNull(),
  buyerCompanyId: text('buyer_company_id'),
  supplierCompanyId: text('supplier_company_id'),
  status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull(),
}).existing()
