// What the assistant's pages and API accept (issue 23). Messages are refused (422) when empty or too long, before
// anything is stored; a provider's settings are checked here and the key is only ever written, never read back.
import { z } from '../../platform/zod'
import { MESSAGE_MAX_CHARS, TEMPERATURE_MAX, THREAD_KINDS, THREAD_TITLE_MAX } from './assistant.constants'
import { ASSISTANT_PROVIDER_KINDS, ASSISTANT_TOOLS } from './assistant.types'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const toList = (value: unknown) => (typeof value === 'string' ? (value === '' ? [] : [value]) : (value ?? []))

export const MessageInput = z.object({
  content: z.string('validation.message').trim().min(1, 'validation.message').max(MESSAGE_MAX_CHARS, 'validation.messageTooLong'),
})
export type MessageInput = z.infer<typeof MessageInput>

export const NewThreadInput = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(THREAD_KINDS, 'validation.kind').default('sourcing')),
  title: z.preprocess(
    blankToUndefined,
    z.string('validation.title').trim().min(1, 'validation.title').max(THREAD_TITLE_MAX, 'validation.titleTooLong').optional(),
  ),
})
export type NewThreadInput = z.infer<typeof NewThreadInput>

export const RenameThreadInput = z.object({
  title: z.string('validation.title').trim().min(1, 'validation.title').max(THREAD_TITLE_MAX, 'validation.titleTooLong'),
})
export type RenameThreadInput = z.infer<typeof RenameThreadInput>

export const ThreadListQuery = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(THREAD_KINDS, 'validation.kind').default('sourcing')),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type ThreadListQuery = z.infer<typeof ThreadListQuery>

const temperatureField = z
  .union([z.string(), z.number()], 'validation.temperature')
  .transform((value) => String(value).trim())
  .refine((value) => /^\d(\.\d{1,2})?$/.test(value) && Number(value) <= TEMPERATURE_MAX, 'validation.temperature')
/** Absent: every tool (an API client that does not mention tools keeps them all); a form sends its checked ones. */
const toolsField = z.preprocess(
  (value) => (value === undefined ? [...ASSISTANT_TOOLS] : toList(value)),
  z.array(z.enum(ASSISTANT_TOOLS, 'validation.tool'), 'validation.tool').max(ASSISTANT_TOOLS.length),
)
const modelField = z.string('validation.model').trim().max(120, 'validation.model')
const promptField = z.preprocess((value) => value ?? '', z.string('validation.systemPrompt').trim().max(8000, 'validation.systemPromptTooLong'))

/** The platform's provider. `apiKey` replaces the stored key when given; `clearApiKey` removes it. */
export const AssistantConfigInput = z
  .object({
    provider: z.enum(ASSISTANT_PROVIDER_KINDS, 'validation.provider'),
    baseUrl: z.preprocess((value) => value ?? '', z.string('validation.baseUrl').trim().max(500, 'validation.baseUrl')),
    model: z.preprocess((value) => value ?? '', modelField),
    apiKey: z.preprocess(blankToUndefined, z.string('validation.apiKey').trim().min(1).max(500, 'validation.apiKey').optional()),
    clearApiKey: z.preprocess((value) => value === true || value === 'true' || value === 'on', z.boolean()).default(false),
    temperature: temperatureField,
    systemPrompt: promptField,
    enabledTools: toolsField,
    monthlyTokenLimit: z.coerce
      .number('validation.tokenLimit')
      .int('validation.tokenLimit')
      .min(0, 'validation.tokenLimit')
      .max(1_000_000_000, 'validation.tokenLimit'),
  })
  .superRefine((input, issues) => {
    if (input.provider !== 'openai_compatible') return
    if (!/^https?:\/\/[^\s]+$/i.test(input.baseUrl)) issues.addIssue({ code: 'custom', path: ['baseUrl'], message: 'validation.baseUrl' })
    if (!input.model) issues.addIssue({ code: 'custom', path: ['model'], message: 'validation.model' })
  })
export type AssistantConfigInput = z.infer<typeof AssistantConfigInput>

/** A company's switch and limit; a blank limit means the platform's default. */
export const CompanyAssistantInput = z.object({
  enabled: z.preprocess((value) => value === true || value === 'true' || value === 'on', z.boolean()),
  monthlyTokenLimit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('validation.tokenLimit')
      .int('validation.tokenLimit')
      .min(0, 'validation.tokenLimit')
      .max(1_000_000_000, 'validation.tokenLimit')
      .optional(),
  ),
})
export type CompanyAssistantInput = z.infer<typeof CompanyAssistantInput>

/** A playground session's own prompt, model, temperature and tools. */
export const PlaygroundSettingsInput = z.object({
  systemPrompt: promptField,
  model: z.preprocess((value) => value ?? '', modelField),
  temperature: temperatureField,
  tools: toolsField,
})
export type PlaygroundSettingsInput = z.infer<typeof PlaygroundSettingsInput>

/** Confirming a draft: the project a requirement or shortlist goes to (a new one named after it when absent). */
export const ConfirmDraftInput = z.object({
  projectId: z.preprocess(blankToUndefined, z.string('validation.project').trim().min(1).max(64).optional()),
})
export type ConfirmDraftInput = z.infer<typeof ConfirmDraftInput>
