// The OpenAI-compatible provider (issue 23) against a local fake server speaking the real chat-completions shapes:
// streamed text in order, tool calls reassembled from pieces, usage, the request as sent, the key only in the header,
// and every failure mapped to its code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenAiFake, startOpenAiFake } from '../../../tests/support/openai-fake'
import type { ProviderEvent, ProviderRequest } from './assistant.types'
import { AssistantProviderError } from './assistant.types'
import { createOpenAiProvider } from './openai-provider.server'

let fake: OpenAiFake
beforeAll(async () => {
  fake = await startOpenAiFake()
})
afterAll(async () => {
  await fake.close()
})

const request = (overrides: Partial<ProviderRequest> = {}): ProviderRequest => ({
  messages: [
    { role: 'system', content: 'You are helpful.' },
    { role: 'user', content: 'Find mugs' },
    { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'search_products', arguments: '{"query":"mug"}' }] },
    { role: 'tool', toolCallId: 'call_1', name: 'search_products', content: '{"total":1}' },
  ],
  tools: [{ name: 'search_products', description: 'Search', parameters: { type: 'object', properties: { query: { type: 'string' } } } }],
  model: 'gpt-test',
  temperature: 0.3,
  language: 'en',
  now: new Date(),
  ...overrides,
})

async function collect(stream: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = []
  for await (const event of stream) events.push(event)
  return events
}

async function failure(promise: Promise<unknown>): Promise<AssistantProviderError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(AssistantProviderError)
    return error as AssistantProviderError
  }
  throw new Error('expected a provider error')
}

describe('the OpenAI-compatible provider', () => {
  it('streams text in pieces, in order, with usage and a trace without the key', async () => {
    const provider = createOpenAiProvider({ baseUrl: fake.url, apiKey: 'sk-unit-secret' })
    fake.reply({ text: 'Three verified suppliers make ceramic mugs.', chunkSize: 5 })
    const before = fake.requests.length
    const events = await collect(provider.stream(request()))
    const texts = events.filter((event) => event.type === 'text').map((event) => (event as { delta: string }).delta)
    expect(texts.length).toBeGreaterThan(3)
    expect(texts.join('')).toBe('Three verified suppliers make ceramic mugs.')
    expect(events.find((event) => event.type === 'usage')).toMatchObject({ promptTokens: expect.any(Number), completionTokens: 11 })
    const trace = events.find((event) => event.type === 'trace')!
    expect(JSON.stringify(trace)).not.toContain('sk-unit-secret')

    const sent = fake.requests[before]!
    expect(sent.authorization).toBe('Bearer sk-unit-secret')
    expect(sent.body).toMatchObject({ model: 'gpt-test', temperature: 0.3, stream: true, stream_options: { include_usage: true } })
    const messages = sent.body.messages as Array<Record<string, unknown>>
    expect(messages[2]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search_products' } }] })
    expect(messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '{"total":1}' })
    expect(sent.body.tools).toEqual([{ type: 'function', function: { name: 'search_products', description: 'Search', parameters: expect.any(Object) } }])
  })

  it('reassembles tool calls whose arguments arrive in pieces', async () => {
    const provider = createOpenAiProvider({ baseUrl: fake.url, apiKey: null })
    fake.reply({
      toolCalls: [
        { name: 'find_suppliers', arguments: '{"query":"stainless steel bottles","verified_only":true}' },
        { name: 'lookup_hs_codes', arguments: '{"description":"bone china mug"}' },
      ],
    })
    const before = fake.requests.length
    const events = await collect(provider.stream(request()))
    const calls = events.find((event) => event.type === 'tool_calls') as Extract<ProviderEvent, { type: 'tool_calls' }>
    expect(calls.calls.map((call) => call.name)).toEqual(['find_suppliers', 'lookup_hs_codes'])
    expect(JSON.parse(calls.calls[0]!.arguments)).toEqual({ query: 'stainless steel bottles', verified_only: true })
    expect(calls.calls.every((call) => call.id.startsWith('call_'))).toBe(true)
    // Without a key the SDK still sends one: local servers ignore it.
    expect(fake.requests[before]!.authorization).toBe('Bearer not-needed')
  })

  it('retries a 429 and answers', async () => {
    const provider = createOpenAiProvider({ baseUrl: fake.url, apiKey: 'k', maxRetries: 2 })
    fake.reply({ status: 429, retryAfterMs: 5 }, { text: 'Fine now.' })
    const events = await collect(provider.stream(request()))
    expect(
      events
        .filter((event) => event.type === 'text')
        .map((event) => (event as { delta: string }).delta)
        .join(''),
    ).toBe('Fine now.')
  })

  it('maps failures to their codes, never showing the key', async () => {
    const provider = createOpenAiProvider({ baseUrl: fake.url, apiKey: 'sk-never-shown', maxRetries: 1, timeoutMs: 300 })
    fake.reply({ status: 500, retryAfterMs: 1 }, { status: 503, retryAfterMs: 1 })
    expect((await failure(collect(provider.stream(request())))).code).toBe('provider_unavailable')
    fake.reply({ status: 429, retryAfterMs: 1 }, { status: 429, retryAfterMs: 1 })
    expect((await failure(collect(provider.stream(request())))).code).toBe('provider_rate_limited')
    fake.reply({ status: 401 })
    const rejected = await failure(collect(provider.stream(request())))
    expect(rejected.code).toBe('provider_rejected')
    expect(rejected.message).not.toContain('sk-never-shown')
    fake.reply({ malformed: true })
    expect((await failure(collect(provider.stream(request())))).code).toBe('provider_bad_response')
    fake.reply({ dropAfterText: 'Partial' })
    expect((await failure(collect(provider.stream(request())))).code).toMatch(/^provider_/)

    const hanging = createOpenAiProvider({ baseUrl: fake.url, apiKey: 'k', maxRetries: 0, timeoutMs: 200 })
    fake.reply({ hang: true })
    expect((await failure(collect(hanging.stream(request())))).code).toBe('provider_timeout')
  })

  it('says the provider is unavailable when nothing listens', async () => {
    const closed = await startOpenAiFake()
    await closed.close()
    const provider = createOpenAiProvider({ baseUrl: closed.url, apiKey: 'k', maxRetries: 0 })
    expect((await failure(collect(provider.stream(request())))).code).toBe('provider_unavailable')
  })
})
