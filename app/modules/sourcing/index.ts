export * from './sourcing.constants'
export {
  PROJECT_ACTIONS,
  PROJECT_EVENT_TYPES,
  projectMachine,
  QUOTATION_ACTIONS,
  quotationMachine,
  RFQ_ACTIONS,
  rfqMachine,
  type ProjectAction,
  type ProjectEventType,
  type QuotationAction,
  type RfqAction,
} from './sourcing.machines'
export {
  COMPONENT_BASES,
  COST_COMPONENTS,
  landedCost,
  SELLER_COVERS,
  type ComponentBasis,
  type CostComponent,
  type LandedLine,
  type LandedQuote,
  type QuotedLine,
  type QuoteTerms,
} from './landed-cost'
export { AwardRfqInput, awardFieldNames, readAwardForm } from './award.inputs'
export {
  allowedRfqActions,
  allowedRfqSteps,
  allowedSupplierRfqActions,
  AWARD_REFUSALS,
  canAnswerRfqQuestions,
  canAskRfqQuestion,
  canAwardRfq,
  canCancelRfq,
  canCloseRfq,
  canDeclineRfq,
  canEditRfq,
  canExtendRfq,
  canPublishRfq,
  canReopenRfq,
  canSeeQuotations,
  isQuotingOpen,
  isSealed,
  type AllowedRfqActions,
  type AllowedSupplierRfqActions,
  type AwardCheck,
  type AwardFacts,
  type AwardRefusal,
  type DeadlineFacts,
  type SealFacts,
} from './rfq.policy'
export {
  allowedQuotationActions,
  allowedQuotationSteps,
  canDecideQuotation,
  canEditQuotation,
  canReviseQuotation,
  canSubmitQuotation,
  canWithdrawQuotation,
  QUOTATION_STEPS,
  quotationSideOf,
  type AllowedQuotationActions,
  type QuotationFacts,
  type QuotationStep,
} from './quotation.policy'
export { AWARDABLE_QUOTATION_STATUSES, planAward, type AwardGroup, type AwardPlan, type AwardSelection, type PlanLine, type PlanQuotation } from './award-plan'
export {
  CreateProjectInput,
  MANUAL_PROJECT_ACTIONS,
  PROJECT_LIST_DEFAULT_LIMIT,
  PROJECT_LIST_MAX_LIMIT,
  ProjectListQuery,
  ProjectTransitionInput,
  UpdateProjectInput,
  type ManualProjectAction,
} from './project.inputs'
export {
  BulkRequirementRow,
  BulkRequirementsInput,
  CancelRequirementInput,
  CreateRequirementInput,
  MAX_BULK_ROWS,
  REQUIREMENT_LIST_DEFAULT_LIMIT,
  REQUIREMENT_LIST_MAX_LIMIT,
  RequirementFieldsInput,
  RequirementListQuery,
  UpdateRequirementInput,
} from './requirement.inputs'
export {
  MyQuotationsQuery,
  QUOTATION_DECISIONS,
  QuotationDecisionInput,
  QuotationLineInput,
  QuotationStepInput,
  ReviseQuotationInput,
  SaveQuotationInput,
  type QuotationDecision,
} from './quotation.inputs'
export { ComparisonCurrency, LandedCostAssumptionsInput, SaveAssumptionsInput } from './comparison.inputs'
export { ComparisonAssumptionsForm } from './components/comparison-assumptions-form'
export { AwardedOrders, ComparisonAwardPanel, type AwardedOrder } from './components/comparison-award-panel'
export { ComparisonMatrix, type OpenComparison } from './components/comparison-matrix'
export { useAwardSelection, type AwardSelectionState } from './components/use-award-selection'
export { ComparisonQuotationDecisions } from './components/comparison-quotation-decisions'
export { ComparisonStatusBadge } from './components/comparison-status-badge'
export {
  AnswerQuestionInput,
  AskQuestionInput,
  BUYING_REQUESTS_PAGE_SIZE,
  BuyingRequestQuery,
  CreateRfqInput,
  DeclineRfqInput,
  deadlineField,
  RFQ_DIRECT_ACTIONS,
  RFQ_LIST_DEFAULT_LIMIT,
  RFQ_LIST_MAX_LIMIT,
  RfqInboxQuery,
  RfqLineInput,
  RfqListQuery,
  RfqTransitionInput,
  readRfqForm,
  toFormLineErrors,
  UpdateRfqInput,
  type RfqDirectAction,
  type RfqFormLine,
  type RfqFormValues,
} from './rfq.inputs'
export {
  AddShortlistInput,
  FINDER_DEFAULT_LIMIT,
  FINDER_MAX_LIMIT,
  isTruthyFlag,
  MAX_SHORTLIST,
  ShortlistNoteInput,
  SUPPLIER_SEARCH_LIMIT,
  SupplierFinderQuery,
  SupplierSearchQuery,
} from './shortlist.inputs'
export {
  AddApprovedSupplierInput,
  APPROVED_LIST_DEFAULT_LIMIT,
  APPROVED_LIST_MAX_LIMIT,
  ApprovedListQuery,
  UpdateApprovedSupplierInput,
} from './approved-supplier.inputs'
export { BENCHMARK_MONTHS, BenchmarkQuery } from './benchmark.inputs'
export { ApprovedStatusBadge } from './components/approved-status-badge'
export { SupplierSelector, type SupplierChoice } from './components/supplier-selector'
export { finderHref, SupplierFinder, type FinderFilters, type FinderRequirement, type FinderRow } from './components/shortlist-finder'
export { ShortlistTable, type ShortlistRow } from './components/shortlist-table'
export {
  ApprovedSupplierAddForm,
  ApprovedSupplierList,
  approvedListHref,
  type ApprovedDocument,
  type ApprovedFilters,
  type ApprovedFormErrors,
  type ApprovedRow,
} from './components/approved-supplier-list'
export {
  BENCHMARK_SOURCES,
  BenchmarkStatsTable,
  BenchmarkTrendFigure,
  type BenchmarkSource,
  type BenchmarkStats,
  type BenchmarkTrendPoint,
} from './components/benchmark-chart'
export { PipelineBoard, type PipelineCardView, type PipelineColumnView } from './components/pipeline-board'
export { ProjectForm, type ProjectFormValues } from './components/project-form'
export { ProgressMeter, ProjectList, type ProjectListFilters, type ProjectListRow } from './components/project-list'
export { ProjectStatusBadge } from './components/project-status-badge'
export { RequirementStatusBadge } from './components/requirement-status-badge'
export { BUDGET_SERIES, ProjectBudgetChart } from './components/project-budget-chart'
export { PROJECT_DONE, PROJECT_SAVES, ProjectDetail, type ProjectActionResult, type ProjectSave } from './components/project-detail'
export { RequirementForm, type RequirementFormValues } from './components/requirement-form'
export { InvitationStatusBadge, QuotationStatusBadge } from './components/quotation-status-badge'
export { QuotationTable } from './components/quotation-list'
export { QuotationHistory } from './components/quotation-history'
export { QuotationEditor, type EditorLine } from './components/quotation-editor'
export {
  bulkPayload,
  errorsToGrid,
  GRID_COLUMNS,
  isRowEditable,
  moveFrom,
  parseClipboard,
  pasteBlock,
  setCell,
  toGridRow,
  validateGrid,
  type GridCategory,
  type GridColumn,
  type GridPosition,
  type GridRow,
  type GridSource,
} from './bulk-grid'
export { BulkGrid, type BulkGridResult } from './components/bulk-grid'
export { RfqBoard, type BuyingRequestView } from './components/rfq-board'
export { RfqDetailView } from './components/rfq-detail-view'
export { RfqForm } from './components/rfq-form'
export { RfqList, type RfqListFilters } from './components/rfq-list'
export { RfqInvitationBadge, RfqStatusBadge } from './components/rfq-status-badge'
export { buyerRfqPath, supplierRfqPath } from './rfq.links'
