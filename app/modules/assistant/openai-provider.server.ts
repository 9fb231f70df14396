// Any OpenAI-compatible chat-completions API (OpenAI, Azure OpenAI, DeepSeek, Qwen, a local Ollama or vLLM) through
// the official SDK with a base URL (issue 23): streamed text, tool-call deltas reassembled by index, usage, and the
// round's raw request and response for the playground. The SDK retries 429 and 5xx with back-off (honouring
// Retry-After); what still fails becomes an AssistantProviderError with a code the chat translates. The key goes only
// into the Authorization header: never into a trace, a message or a log.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import {
  type AssistantProvider,
  AssistantProviderError,
  type ProviderEvent,
  type ProviderMessage,
  type ProviderRequest,
  type ToolCall,
} from './assistant.types'

export type OpenAiProviderOptions = { baseUrl: string; apiKey: string | null; timeoutMs?: number; maxRetries?: number }

/** Local servers (Ollama, vLLM) take any key; the SDK insists on one. */
const NO_KEY = 'not-needed'

export function createOpenAiProvider(options: OpenAiProviderOptions): AssistantProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? NO_KEY,
    timeout: options.timeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 2,
    // The SDK would print unreadable chunks (a provider's text) to the console; failures reach the turn as errors.
    logLevel: 'off',
  })
  const secret = options.apiKey
  return { kind: 'openai_compatible', stream: (request) => streamRound(client, request, secret) }
}

function toOpenAi(message: ProviderMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content }
    case 'user':
      return { role: 'user', content: message.content }
    case 'assistant':
      return message.toolCalls?.length
        ? {
            role: 'assistant',
            content: message.content,
            tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
          }
        : { role: 'assistant', content: message.content ?? '' }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
  }
}

async function* streamRound(client: OpenAI, request: ProviderRequest, secret: string | null): AsyncGenerator<ProviderEvent> {
  const body: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    temperature: request.temperature,
    messages: request.messages.map(toOpenAi),
    stream: true,
    stream_options: { include_usage: true },
    ...(request.tools.length > 0
      ? {
          tools: request.tools.map((tool) => ({
            type: 'function' as const,
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
          })),
        }
      : {}),
  }
  let content = ''
  let finishReason: string | null = null
  let usage: { promptTokens: number; completionTokens: number } | null = null
  let chunks = 0
  const calls = new Map<number, { id: string; name: string; arguments: string }>()
  try {
    const stream = await client.chat.completions.create(body, { signal: request.signal })
    for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
      chunks += 1
      if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens }
      const choice = chunk.choices?.[0]
      if (!choice) continue
      if (choice.finish_reason) finishReason = choice.finish_reason
      const delta = choice.delta
      if (delta?.content) {
        content += delta.content
        yield { type: 'text', delta: delta.content }
      }
      for (const part of delta?.tool_calls ?? []) {
        const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' }
        if (part.id) call.id = part.id
        if (part.function?.name) call.name += part.function.name
        if (part.function?.arguments) call.arguments += part.function.arguments
        calls.set(part.index, call)
      }
    }
  } catch (error) {
    throw providerError(error, secret, request.signal)
  }
  const toolCalls: ToolCall[] = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, arguments: call.arguments }))
  if (toolCalls.some((call) => call.name === '')) throw new AssistantProviderError('provider_bad_response', 'A tool call came without a name')
  if (chunks === 0) throw new AssistantProviderError('provider_bad_response', 'The stream carried no chunks')
  // Every complete answer ends with a finish reason; a stream that stops before it was cut off.
  if (finishReason === null) throw new AssistantProviderError('provider_bad_response', 'The stream ended before the answer was finished')
  if (toolCalls.length > 0) yield { type: 'tool_calls', calls: toolCalls }
  const counted = usage ?? {
    promptTokens: Math.ceil(JSON.stringify(body.messages).length / 4),
    completionTokens: Math.ceil((content.length + JSON.stringify(toolCalls).length) / 4),
  }
  yield { type: 'usage', ...counted }
  yield {
    type: 'trace',
    request: body,
    response: { content, tool_calls: toolCalls, finish_reason: finishReason, usage: usage ?? null, chunks },
  }
}

/** What went wrong, as one of the provider error codes; the caller's own abort is passed on as it is. */
function providerError(error: unknown, secret: string | null, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted && (error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError'))) return error
  const scrub = (text: string) => (secret ? text.split(secret).join('***') : text)
  const message = scrub(error instanceof Error ? error.message : String(error))
  if (error instanceof AssistantProviderError) return error
  if (error instanceof APIConnectionTimeoutError) return new AssistantProviderError('provider_timeout', message)
  if (error instanceof APIConnectionError) return new AssistantProviderError('provider_unavailable', message)
  if (error instanceof APIError && typeof error.status === 'number') {
    if (error.status === 429) return new AssistantProviderError('provider_rate_limited', message, 429)
    if (error.status >= 500) return new AssistantProviderError('provider_unavailable', message, error.status)
    return new AssistantProviderError('provider_rejected', message, error.status)
  }
  // A stream that broke off or carried something other than JSON chunks.
  return new AssistantProviderError('provider_bad_response', message)
}
