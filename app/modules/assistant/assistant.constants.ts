// Constants of the assistant (issue 23) that pages and the server share.
import { ASSISTANT_TOOLS, type AssistantToolName } from './assistant.types'

export const THREAD_KINDS = ['sourcing', 'playground'] as const
export type ThreadKind = (typeof THREAD_KINDS)[number]

export const MESSAGE_ROLES = ['user', 'assistant'] as const
export type MessageRole = (typeof MESSAGE_ROLES)[number]

export const MESSAGE_STATUSES = ['complete', 'failed'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export const DRAFT_TARGETS = ['requirement', 'rfq', 'shortlist'] as const
export type DraftTarget = (typeof DRAFT_TARGETS)[number]
export const DRAFT_STATUSES = ['proposed', 'created'] as const
export type DraftStatus = (typeof DRAFT_STATUSES)[number]

export const TOOL_OUTCOMES = ['ok', 'invalid_arguments', 'unknown_tool', 'disabled', 'failed'] as const
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number]

/** Why a turn did not get an answer, beyond the provider's own failures; each has a text `assistant:errors.<code>`. */
export const TURN_ERROR_CODES = ['quota_exceeded', 'assistant_disabled', 'rate_limited', 'too_many_rounds', 'internal'] as const
export type TurnErrorCode = (typeof TURN_ERROR_CODES)[number]

/** A message may be this long; longer ones are refused (422) before anything is stored. */
export const MESSAGE_MAX_CHARS = 4000
export const THREAD_TITLE_MAX = 120
/** Earlier messages a provider reads with the new one. */
export const HISTORY_MESSAGES = 20
/** Provider rounds per turn (each may call tools) before the assistant stops. */
export const MAX_ROUNDS = 4
/** Tool calls per round that are run; more are answered as refused. */
export const MAX_TOOL_CALLS_PER_ROUND = 6
export const THREAD_PAGE_SIZE = 30

/** Tools switched on for a new installation: all of them. */
export const DEFAULT_ENABLED_TOOLS: readonly AssistantToolName[] = ASSISTANT_TOOLS
export const DEFAULT_MONTHLY_TOKEN_LIMIT = 2_000_000
export const TEMPERATURE_MAX = 2

/** The units the planner reads quantities in (texts `assistant:units.<unit>`). */
export const ASSISTANT_UNITS = ['pcs', 'sets', 'pairs', 'kg', 't', 'm', 'm2', 'm3', 'l', 'cartons', 'boxes', 'rolls', 'sheets', 'bags', 'containers'] as const

/** What a quotation comparison card warns of (texts `assistant:builtin.risk.<code>`). */
export const COMPARISON_RISKS = ['moq', 'late', 'incomplete', 'no_rate'] as const

/** A draft card's fields in the order shown (texts `assistant:draft.fields.<field>`). */
export const DRAFT_FIELDS = [
  'title',
  'quantity',
  'unit',
  'target_unit_price',
  'currency',
  'incoterm',
  'destination',
  'required_by',
  'delivery_date',
  'quote_deadline',
  'hs_code',
  'specification',
  'supplier_ids',
] as const
