// What other modules, the API and the pages may use of the assistant on the server (issue 23).
export {
  assistantUsageReport,
  companyQuota,
  getAssistantConfig,
  getCompanyAssistant,
  platformAssistant,
  quotaResetsAt,
  updateAssistantConfig,
  updateCompanyAssistant,
  USAGE_DAYS,
  type AssistantConfigView,
  type AssistantUsageReport,
  type CompanyAssistantView,
  type CompanyQuota,
  type UsageDay,
} from './assistant-settings.service.server'
export {
  createThread,
  deleteThread,
  getThread,
  listThreads,
  renameThread,
  titleFrom,
  updatePlaygroundSettings,
  type AssistantMessageView,
  type ThreadDetail,
  type ThreadPage,
  type ThreadSummary,
} from './assistant-threads.service.server'
export { beginTurn, SAFETY_PROMPT, sendMessage, type Turn, type TurnEvent } from './assistant-turn.server'
export { confirmDraft } from './assistant-drafts.workflow.server'
export { runTool, toolSpecs, type ToolResult } from './assistant-tools.server'
export { BUILTIN_MODEL, createBuiltinProvider } from './builtin-provider.server'
