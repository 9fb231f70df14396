// The compliance vocabulary (issue 22): the HS nomenclature's levels and the WTO ePing notifications' kinds and marks.

/** The HS levels the nomenclature holds: chapters (2 digits), headings (4) and subheadings (6). */
export const HS_LEVELS = [2, 4, 6] as const
export type HsLevel = (typeof HS_LEVELS)[number]

/** The WTO agreements a notification is made under: sanitary and phytosanitary measures, technical barriers to trade. */
export const EPING_AREAS = ['SPS', 'TBT'] as const
export type EpingArea = (typeof EPING_AREAS)[number]

/** Where a stored notification came from: the WTO's ePing API, or the bundled offline sample. */
export const EPING_SOURCES = ['api', 'sample'] as const
export type EpingSource = (typeof EPING_SOURCES)[number]

/** A company's mark on a notification. */
export const EPING_REVIEW_STATUSES = ['reviewed', 'relevant', 'not_relevant'] as const
export type EpingReviewStatus = (typeof EPING_REVIEW_STATUSES)[number]

/** How a sync run ended. */
export const EPING_SYNC_STATUSES = ['running', 'succeeded', 'failed'] as const
export type EpingSyncStatus = (typeof EPING_SYNC_STATUSES)[number]

/** The most a subscription holds of each list (a longer list is refused, not cut). */
export const EPING_SUBSCRIPTION_LIMITS = { hsCodes: 200, members: 100, keywords: 50 } as const

/** Why a notification concerns a company: a product's HS code or name, or what its subscription follows. */
export const EPING_MATCH_REASON_KINDS = ['product_hs', 'product_words', 'subscription_hs', 'subscription_member', 'subscription_keyword'] as const
export type EpingMatchReason = {
  kind: (typeof EPING_MATCH_REASON_KINDS)[number]
  value: string
  productId?: string
}

/** The kinds of link a notification carries: the notification on ePing, the notified document. */
export const EPING_LINK_LABELS = ['notification', 'document'] as const
