// The vocabulary of sourcing, shared by the tables, the inputs, the state machines and the pages.

export const PROJECT_STATUSES = ['draft', 'active', 'sourcing', 'awarded', 'closed', 'cancelled'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

export const REQUIREMENT_STATUSES = ['open', 'rfq_sent', 'quoted', 'awarded', 'cancelled'] as const
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number]

export const RFQ_STATUSES = ['draft', 'open', 'closed', 'awarded', 'cancelled'] as const
export type RfqStatus = (typeof RFQ_STATUSES)[number]

/** Invited suppliers only, or a public buying request anyone may answer (listed on `/orders`). */
export const RFQ_VISIBILITIES = ['invited', 'public'] as const
export type RfqVisibility = (typeof RFQ_VISIBILITIES)[number]

export const INVITATION_STATUSES = ['invited', 'viewed', 'declined', 'quoted'] as const
export type RfqInvitationStatus = (typeof INVITATION_STATUSES)[number]

/** `submitted` is what the buyer sees as pending. */
export const QUOTATION_STATUSES = ['draft', 'submitted', 'accepted', 'rejected', 'withdrawn', 'expired'] as const
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number]

export const APPROVAL_STATUSES = ['approved', 'trial', 'blocked'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

/** A buyer's landed-cost assumptions, as percentages of the goods value (decimal strings). */
export type LandedCostAssumptions = {
  /** Main carriage when the seller does not pay it (EXW, FCA, FAS, FOB). */
  freightPct: string
  /** Cargo insurance when the seller does not pay it (all but CIF, CIP, DAP, DPU, DDP). */
  insurancePct: string
  /** Import duty and taxes when the seller does not pay them (all but DDP), on goods + freight + insurance. */
  dutyPct: string
  /** Export clearance and origin haulage when the buyer collects at the works (EXW). */
  originPct: string
  /** Delivery from the arrival port to the destination (all but DAP, DPU, DDP). */
  destinationPct: string
}

export const DEFAULT_ASSUMPTIONS: LandedCostAssumptions = { freightPct: '6', insurancePct: '0.5', dutyPct: '5', originPct: '2', destinationPct: '1.5' }

export const MAX_RFQ_LINES = 200
export const MAX_RFQ_SUPPLIERS = 50
export const MAX_ATTACHMENTS = 20
