// Read models sourcing publishes (issue 17, ADR 036): what others may join and search on about an RFQ or a quotation
// in one statement (messaging's inbox search names the record a conversation is about). Tables stay private; the views
// are the contract, created by migration 0019.
import { pgView, text } from 'drizzle-orm/pg-core'
import { QUOTATION_STATUSES, RFQ_STATUSES } from './sourcing.constants'

/** An RFQ as a conversation names it: number, title, the buyer, and its status (a draft is the buyer's alone). */
export const rfqSubjects = pgView('rfq_subjects', {
  id: text('id').notNull(),
  number: text('number').notNull(),
  title: text('title').notNull(),
  buyerCompanyId: text('buyer_company_id').notNull(),
  status: text('status', { enum: RFQ_STATUSES }).notNull(),
}).existing()

/** A quotation as a conversation names it: its RFQ's number and title, both sides, and its status (a draft is the supplier's alone). */
export const quotationSubjects = pgView('quotation_subjects', {
  id: text('id').notNull(),
  rfqId: text('rfq_id').notNull(),
  number: text('number').notNull(),
  title: text('title').notNull(),
  buyerCompanyId: text('buyer_company_id').notNull(),
  supplierCompanyId: text('supplier_company_id').notNull(),
  status: text('status', { enum: QUOTATION_STATUSES }).notNull(),
}).existing()
