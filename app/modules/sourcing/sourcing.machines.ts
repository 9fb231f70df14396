import { defineMachine } from '../../platform/state-machine'
import { PROJECT_STATUSES, type ProjectStatus, QUOTATION_STATUSES, type QuotationStatus, RFQ_STATUSES, type RfqStatus } from './sourcing.constants'

export const PROJECT_ACTIONS = ['activate', 'start_sourcing', 'award', 'close', 'reopen', 'cancel'] as const
export type ProjectAction = (typeof PROJECT_ACTIONS)[number]

/**
 * A purchase project: a draft is prepared, activated, moves to sourcing when its first RFQ goes out and to awarded
 * when an award is made (both by the services), then is closed. Cancel before it is awarded; a closed project can be
 * reopened. The buyer's alone.
 */
export const projectMachine = defineMachine<ProjectStatus, ProjectAction>({
  states: PROJECT_STATUSES,
  transitions: {
    activate: { from: ['draft'], to: 'active', by: 'buyer' },
    start_sourcing: { from: ['draft', 'active'], to: 'sourcing', by: 'buyer' },
    award: { from: ['active', 'sourcing', 'awarded'], to: 'awarded', by: 'buyer' },
    close: { from: ['active', 'sourcing', 'awarded'], to: 'closed', by: 'buyer' },
    reopen: { from: ['closed'], to: 'active', by: 'buyer' },
    cancel: { from: ['draft', 'active', 'sourcing'], to: 'cancelled', by: 'buyer', reason: true },
  },
})

export const RFQ_ACTIONS = ['publish', 'close', 'extend', 'award', 'cancel'] as const
export type RfqAction = (typeof RFQ_ACTIONS)[number]

/**
 * An RFQ: a draft is sent (`publish`: to its invitees, and to the public board when public), takes quotations until
 * its deadline, may be closed early, extended (reopening a closed one), awarded (in whole or in part) or cancelled.
 * Quoting after the deadline is refused whatever the status says; closing at the deadline is a formality.
 */
export const rfqMachine = defineMachine<RfqStatus, RfqAction>({
  states: RFQ_STATUSES,
  transitions: {
    publish: { from: ['draft'], to: 'open', by: 'buyer' },
    close: { from: ['open'], to: 'closed', by: 'buyer' },
    extend: { from: ['open', 'closed'], to: 'open', by: 'buyer' },
    award: { from: ['open', 'closed', 'awarded'], to: 'awarded', by: 'buyer' },
    cancel: { from: ['draft', 'open', 'closed'], to: 'cancelled', by: 'buyer', reason: true },
  },
})

export const QUOTATION_ACTIONS = ['submit', 'revise', 'withdraw', 'accept', 'reject', 'expire'] as const
export type QuotationAction = (typeof QUOTATION_ACTIONS)[number]

/**
 * A quotation: the supplier drafts, submits (pending for the buyer), revises in rounds while it is pending, or
 * withdraws it before a decision; the buyer accepts or rejects it (with a reason the supplier reads); a pending
 * quotation past its validity expires. An accepted or rejected quotation is never revised.
 */
export const quotationMachine = defineMachine<QuotationStatus, QuotationAction>({
  states: QUOTATION_STATUSES,
  transitions: {
    submit: { from: ['draft'], to: 'submitted', by: 'supplier' },
    revise: { from: ['submitted'], to: 'submitted', by: 'supplier' },
    withdraw: { from: ['draft', 'submitted'], to: 'withdrawn', by: 'supplier' },
    accept: { from: ['submitted'], to: 'accepted', by: 'buyer' },
    reject: { from: ['submitted'], to: 'rejected', by: 'buyer', reason: true },
    expire: { from: ['submitted'], to: 'expired', by: 'either' },
  },
})

/**
 * Every entry a project's timeline can hold (`project_events.type`, text `projects:events.<type>`): the project's own
 * steps, its requirements and shortlist, and what happened to its RFQs and their quotations. The column is typed
 * against this list, so a writer cannot record a type that has no text.
 */
export const PROJECT_EVENT_TYPES = [
  'created',
  'updated',
  ...PROJECT_ACTIONS,
  'requirement_added',
  'requirement_updated',
  'requirement_cancelled',
  'requirements_bulk_saved',
  'shortlist_added',
  'shortlist_noted',
  'shortlist_removed',
  'rfq_created',
  ...RFQ_ACTIONS.map((action) => `rfq_${action}` as const),
  'rfq_declined',
  'quotation_submitted',
  'quotation_revised',
  'quotation_withdrawn',
  'quotation_accepted',
  'quotation_rejected',
] as const
export type ProjectEventType = (typeof PROJECT_EVENT_TYPES)[number]
