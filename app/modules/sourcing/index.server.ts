// Tables stay private (issue 17); other modules use these services and the published read models (ADR 036).
export { quotationSubjects, rfqSubjects } from './sourcing.views.server'
export { beginRfqAward, ordersOfAward, recordRfqAward, type AwardedOrderRef, type AwardTerms, type RecordedAward, type RfqAward } from './award.service.server'
export {
  advanceProject,
  createProject,
  getProject,
  isProjectEditable,
  listProjects,
  openProjects,
  projectSummary,
  transitionProject,
  updateProject,
  type Project,
  type ProjectEvent,
  type ProjectListItem,
  type ProjectOrder,
  type ProjectPage,
  type ProjectRequirementRow,
  type ProjectRfq,
  type ProjectSpend,
  type ProjectSummary,
} from './project.service.server'
export { projectBudget, type BudgetFigure, type ProjectBudget, type RequirementBudget } from './project-budget.service.server'
export {
  cancelRequirement,
  createRequirement,
  getRequirement,
  listRequirements,
  projectRequirements,
  saveProjectRequirements,
  setRequirementStatus,
  updateRequirement,
  type BulkSaveResult,
  type Requirement,
  type RequirementAttachment,
  type RequirementDetail,
  type RequirementPage,
} from './requirement.service.server'
export { reviseQuotation, saveQuotation, submitQuotation, withdrawQuotation } from './quotation-submit.service.server'
export { getMyQuotationForRfq, getQuotation, listMyQuotations, listQuotationsForRfq } from './quotation.read.service.server'
export { decideQuotation, decideQuotationIn, expireQuotations } from './quotation-decision.service.server'
export { quotationHistory } from './quotation-history.service.server'
export { diffSnapshots, QUOTATION_HISTORY_FIELDS, type QuotationChange, type QuotationHistoryField } from './quotation-diff'
export type {
  MyQuotationsPage,
  MyQuotationSummary,
  QuotationAttachment,
  QuotationDetail,
  QuotationLine,
  QuotationRevisionEntry,
  RfqQuotations,
} from './quotation.types'
export {
  COMPARED_STATUSES,
  comparisonFor,
  listComparableRfqs,
  type ComparableRfq,
  type Comparison,
  type ComparisonCell,
  type ComparisonLine,
  type ComparisonOptions,
  type ComparisonRfq,
  type ComparisonSupplier,
} from './comparison.service.server'
export { ASSUMPTIONS_SOURCES, companyAssumptions, saveAssumptions, type AssumptionsSource } from './landed-cost-settings.service.server'
export { closeExpiredRfqs, createRfq, transitionRfq, updateRfq } from './rfq.write.service.server'
export { getRfq, listRfqs } from './rfq.read.service.server'
export { declineRfq, getRfqForSupplier, listRfqInbox } from './rfq-invitation.service.server'
export { answerQuestion, askQuestion } from './rfq-questions.service.server'
export { rfqFormOptions, rfqFormValuesOf } from './rfq-form.service.server'
export { isQuotingOpen, isSealed } from './rfq.policy'
export type {
  RfqAttachment,
  RfqFormOptions,
  RfqDetail,
  RfqInboxItem,
  RfqInboxPage,
  RfqInvitee,
  RfqLine,
  RfqPage,
  RfqQuestion,
  RfqQuotationSummary,
  RfqSummary,
  SupplierRfqQuestion,
  SupplierRfqView,
} from './rfq.types'
export { findRfqs, supplierTakesPartInRfq, type RfqLookup } from './rfq-lookup.service.server'
export { remindRfqDeadlines, RFQ_DEADLINE_REMINDER_MS } from './rfq-deadlines.server'
export {
  addApprovedSupplier,
  APPROVAL_DOCUMENT_PURPOSES,
  approvalDocumentChoices,
  approvalStatusesOf,
  getApprovedSupplier,
  listApprovedSuppliers,
  removeApprovedSupplier,
  updateApprovedSupplier,
  type ApprovalDocument,
  type ApprovedSupplier,
  type ApprovedSupplierPage,
} from './approved-supplier.service.server'
export {
  addManyToShortlist,
  addToShortlist,
  getShortlist,
  removeFromShortlist,
  setShortlistNote,
  shortlistedSupplierIds,
  shortlistMembership,
  shortlistProjects,
  type Shortlist,
  type ShortlistEntry,
  type ShortlistProject,
} from './shortlist.service.server'
export {
  findSuppliers,
  requirementChoices,
  searchSupplierOptions,
  supplierOptionsByIds,
  titleKeywords,
  type FoundSupplier,
  type RequirementChoice,
  type RequirementMatch,
  type SupplierFinderPage,
  type SupplierOption,
} from './supplier-finder.service.server'
export { priceBenchmarks, priceStats, type PriceBenchmark, type PriceStats, type TrendPoint } from './benchmark.service.server'
export {
  PIPELINE_CARDS_PER_STAGE,
  PIPELINE_STAGES,
  sourcingPipeline,
  type PipelineCard,
  type PipelineColumn,
  type PipelineStage,
  type SourcingPipeline,
} from './pipeline.service.server'
export { listBuyingRequests, type BuyingRequestCard, type BuyingRequestPage } from './public-requests.service.server'
export {
  buyerAwardSavings,
  buyerSourcingTasks,
  CLOSING_SOON_HOURS,
  platformSourcingFigures,
  sourcingProgress,
  supplierQuoting,
  supplierSourcingTasks,
  type SourcingProgress,
  type AwardSavings,
  type RfqMention,
  type WaitingRfqs,
} from './sourcing-figures.service.server'
export { projectRouteFacts, projectsForRouteCheck, type ProjectRouteFacts, type RouteProjectSummary } from './project-route.service.server'
