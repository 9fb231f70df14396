import type { Incoterm } from '../../platform/trade-terms'
import type { AllowedRfqActions, AllowedSupplierRfqActions } from './rfq.policy'
import type { QuotationStatus, RfqInvitationStatus, RfqStatus, RfqVisibility } from './sourcing.constants'
import type { rfqs } from './sourcing.tables.server'

export type RfqRow = typeof rfqs.$inferSelect

export type RfqLine = {
  id: string
  position: number
  requirementId: string | null
  title: string
  specification: string
  quantity: number
  unit: string
  targetUnitPrice: string | null
  hsCode: string | null
  categoryId: string | null
  requiredBy: string | null
}
export type RfqAttachment = { id: string; name: string; contentType: string; sizeBytes: number }
export type RfqInvitee = {
  supplierCompanyId: string
  name: string
  country: string | null
  status: RfqInvitationStatus
  declineReason: string
  invitedAt: Date
  viewedAt: Date | null
  respondedAt: Date | null
}
/** A clarification as the buyer sees it: who asked is known to the buyer only. */
export type RfqQuestion = { id: string; question: string; answer: string | null; askedByCompanyName: string | null; createdAt: Date; answeredAt: Date | null }
/** A clarification as an invitee sees it: never who asked, only whether it was the reader's company. */
export type SupplierRfqQuestion = { id: string; question: string; answer: string | null; mine: boolean; createdAt: Date; answeredAt: Date | null }
export type RfqQuotationSummary = {
  id: string
  supplierCompanyId: string
  supplierName: string
  status: QuotationStatus
  revision: number
  currency: string
  incoterm: Incoterm
  total: string
  validUntil: string
  submittedAt: Date | null
}

export type RfqSummary = {
  id: string
  number: string
  title: string
  status: RfqStatus
  visibility: RfqVisibility
  sealed: boolean
  quoteDeadline: Date
  quotingOpen: boolean
  currency: string
  incoterm: Incoterm
  projectId: string | null
  projectName: string | null
  lineCount: number
  inviteeCount: number
  /** Quotations received (drafts are the supplier's own business). */
  quotationCount: number
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
}

export type RfqDetail = RfqSummary &
  Pick<RfqRow, 'description' | 'incotermPlace' | 'deliveryDate' | 'destination' | 'categoryId' | 'statusReason' | 'closedAt'> & {
    lines: RfqLine[]
    invitees: RfqInvitee[]
    questions: RfqQuestion[]
    attachments: RfqAttachment[]
    /** Quotations while the RFQ is sealed: counts only (`items` is null); afterwards their summaries. */
    quotations: { sealed: boolean; count: number; items: RfqQuotationSummary[] | null }
    /** What the buyer may do to the RFQ now (`rfq.policy.ts`). */
    actions: AllowedRfqActions
  }

export type RfqPage = { items: RfqSummary[]; total: number }

/** An RFQ as an invited (or public-board) supplier sees it: the buyer's request, never other suppliers. */
export type SupplierRfqView = Pick<
  RfqRow,
  | 'id'
  | 'number'
  | 'title'
  | 'description'
  | 'status'
  | 'visibility'
  | 'sealed'
  | 'quoteDeadline'
  | 'currency'
  | 'incoterm'
  | 'incotermPlace'
  | 'deliveryDate'
  | 'destination'
  | 'categoryId'
  | 'publishedAt'
> & {
  quotingOpen: boolean
  buyer: { id: string; name: string; country: string | null }
  invitation: { status: RfqInvitationStatus; declineReason: string; invitedAt: Date; viewedAt: Date | null; respondedAt: Date | null }
  lines: RfqLine[]
  questions: SupplierRfqQuestion[]
  attachments: RfqAttachment[]
  /** What the supplier may do on the RFQ now (`rfq.policy.ts`). */
  actions: AllowedSupplierRfqActions
}

export type RfqInboxItem = {
  id: string
  number: string
  title: string
  buyerName: string
  status: RfqStatus
  visibility: RfqVisibility
  sealed: boolean
  quoteDeadline: Date
  quotingOpen: boolean
  currency: string
  incoterm: Incoterm
  lineCount: number
  invitationStatus: RfqInvitationStatus
  invitedAt: Date
}
export type RfqInboxPage = { items: RfqInboxItem[]; total: number }

export type RfqFormOptions = {
  projects: Array<{ id: string; number: string; name: string }>
  requirements: Array<{ id: string; title: string; quantity: number; unit: string }>
  suppliers: Array<{ id: string; name: string; country: string | null }>
  attachmentFiles: Array<{ id: string; name: string }>
}
