// What other modules, the API and the pages may use of compliance on the server.
export {
  classifyProduct,
  HS_DESCRIPTION_MAX,
  HS_QUERY_MAX,
  HS_SEARCH_LIMIT,
  hsCodePage,
  hsIndex,
  hsSection,
  hsSections,
  hsSitemapPaths,
  nearbyHsCodes,
  searchHsCodes,
  type HsClassification,
  type HsCodePage,
  type HsCodeSummary,
  type HsSearchResult,
  type HsSectionSummary,
} from './hs.service.server'
// — WTO ePing: sync, matching (pure, also for the benchmark), reads and the company's marks and subscription —
export { epingApi, EpingApiError, parseEpingPage, toNotificationRecord, type NotificationRecord } from './eping-client.server'
export { EPING_PAGE_SIZE, loadEpingSample, sampleRecords, syncEping, type EpingSyncOutcome } from './eping-sync.server'
export {
  EpingMatcher,
  EpingNotificationIndex,
  MATCH_REASON_LIMIT,
  matchNotifications,
  type EpingMatch,
  type MatchableNotification,
  type MatchableProduct,
  type MatchableSubscription,
} from './eping-matching.server'
export { epingNotificationPath } from './eping-match-store.server'
export {
  EPING_DEADLINES_LIMIT,
  epingDeadlines,
  epingMembers,
  getEpingNotification,
  listEpingNotifications,
  listEpingSyncRuns,
  PRODUCT_NOTICES_LIMIT,
  productEpingNotices,
  type EpingMatchView,
  type EpingMemberCount,
  type EpingNotificationDetail,
  type EpingNotificationPage,
  type EpingNotificationSummary,
  type EpingReviewView,
  type EpingSyncRunView,
} from './eping-reads.service.server'
export {
  clearEpingReview,
  getEpingSubscription,
  reviewEpingNotification,
  updateEpingSubscription,
  type EpingReviewMark,
  type EpingSubscriptionView,
} from './eping.service.server'
export { epingNoticeCount } from './eping-notice-count.server'
