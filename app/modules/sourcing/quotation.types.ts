import type { Party } from '../../platform/state-machine'
import type { Incoterm, PaymentTerms } from '../../platform/trade-terms'
import type { QuotationChange } from './quotation-diff'
import type { AllowedQuotationActions } from './quotation.policy'
import type { QuotationStatus, RfqVisibility } from './sourcing.constants'
import type { quotations } from './sourcing.tables.server'

export type QuotationRow = typeof quotations.$inferSelect

export type QuotationLine = {
  rfqLineId: string
  position: number
  title: string
  specification: string
  quantity: number
  unit: string
  /** The buyer's target price: shown to the buyer only (null for the supplier). */
  targetUnitPrice: string | null
  /** The supplier skipped this line. */
  noOffer: boolean
  unitPrice: string | null
  moq: number | null
  leadTimeDays: number | null
  note: string
  alternativeDescription: string | null
  alternativeUnitPrice: string | null
  /** quantity × unit price, rounded to the currency. */
  lineTotal: string | null
}

export type QuotationAttachment = { id: string; name: string; contentType: string; sizeBytes: number }

/** A quotation's state and terms, as the detail and the comparison both show them. */
export type QuotationTerms = {
  status: QuotationStatus
  revision: number
  currency: string
  incoterm: Incoterm
  incotermPlace: string
  freightAmount: string | null
  insuranceAmount: string | null
  paymentTerms: PaymentTerms
  validUntil: string
  notes: string
  /** The buyer's reason for a decision, or the supplier's for a withdrawal. */
  decisionReason: string
}

/** The terms of a stored quotation. */
export const quotationTerms = (quotation: typeof quotations.$inferSelect): QuotationTerms => ({
  status: quotation.status,
  revision: quotation.revision,
  currency: quotation.currency,
  incoterm: quotation.incoterm,
  incotermPlace: quotation.incotermPlace,
  freightAmount: quotation.freightAmount,
  insuranceAmount: quotation.insuranceAmount,
  paymentTerms: quotation.paymentTerms,
  validUntil: quotation.validUntil,
  notes: quotation.notes,
  decisionReason: quotation.decisionReason,
})

export type QuotationDetail = {
  id: string
  rfq: { id: string; number: string; title: string; sealed: boolean; quoteDeadline: Date; visibility: RfqVisibility; quotingOpen: boolean }
  side: Party
  buyer: { id: string; name: string }
  supplier: { id: string; name: string }
} & QuotationTerms & {
    submittedAt: Date | null
    decidedAt: Date | null
    createdAt: Date
    updatedAt: Date
    /** The optimistic lock: a write names the version it saw. */
    version: number
    /** Sum of the priced lines (unit price × quantity), without freight and insurance. */
    total: string
    lines: QuotationLine[]
    attachments: QuotationAttachment[]
    /** What this actor may do now (state machine, deadline and side; `quotation.policy.ts`). */
    actions: AllowedQuotationActions
  }

/** What the buyer gets for an RFQ: the quotations, or only their number while the RFQ is sealed. */
export type RfqQuotations =
  { sealed: true; count: number; quoteDeadline: Date } | { sealed: false; count: number; quoteDeadline: Date; items: QuotationDetail[] }

export type QuotationRevisionEntry = { revision: number; submittedAt: Date; submittedByName: string | null; changes: QuotationChange[] }

export type MyQuotationSummary = {
  id: string
  rfqId: string
  rfqNumber: string
  rfqTitle: string
  visibility: RfqVisibility
  /** The buyer's name for an invited RFQ; null for a public request. */
  buyerName: string | null
  status: QuotationStatus
  revision: number
  currency: string
  total: string
  lineCount: number
  validUntil: string
  quoteDeadline: Date
  submittedAt: Date | null
  updatedAt: Date
  version: number
}
export type MyQuotationsPage = { items: MyQuotationSummary[]; total: number; counts: Record<QuotationStatus, number> }
