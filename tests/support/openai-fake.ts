// A local OpenAI-compatible chat-completions server for tests and the benchmark (issue 23). It speaks the real shapes:
// `POST /v1/chat/completions` streamed as `chat.completion.chunk` server-sent events ending in `data: [DONE]` (with a
// usage chunk when `stream_options.include_usage`), or one `chat.completion` object; errors as
// `{"error":{"message","type","code"}}` with `retry-after-ms` when asked. Replies are scripted step by step.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type FakeStep =
  | { text: string; chunkSize?: number }
  | { toolCalls: Array<{ name: string; arguments: string }> }
  | { status: 400 | 401 | 429 | 500 | 503; retryAfterMs?: number; body?: object }
  | { hang: true }
  | { malformed: true }
  | { dropAfterText: string }

export type FakeRequest = { body: Record<string, unknown>; authorization: string | null }

export type OpenAiFake = {
  /** The base URL, ending in /v1. */
  url: string
  requests: FakeRequest[]
  /** Queues steps: each request takes the next. */
  reply(...steps: FakeStep[]): void
  /** What a request gets when the queue is empty (unless `script` decides). */
  setDefault(step: FakeStep): void
  /** Decides the step from the request body when the queue is empty. */
  script(decide: ((body: Record<string, unknown>) => FakeStep) | null): void
  close(): Promise<void>
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  429: 'rate_limit_exceeded',
  500: 'server_error',
  503: 'server_error',
}

export async function startOpenAiFake(options: { latencyMs?: number } = {}): Promise<OpenAiFake> {
  const queue: FakeStep[] = []
  const requests: FakeRequest[] = []
  const sockets = new Set<Socket>()
  let fallback: FakeStep = { text: 'OK' }
  let decide: ((body: Record<string, unknown>) => FakeStep) | null = null

  const server = createServer((request, response) => {
    void handle(request, response)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error', code: null } }))
      return
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
    requests.push({ body, authorization: request.headers.authorization ?? null })
    const step = queue.shift() ?? decide?.(body) ?? fallback
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs))
    if ('hang' in step) return
    if ('status' in step) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (step.retryAfterMs !== undefined) headers['retry-after-ms'] = String(step.retryAfterMs)
      response.writeHead(step.status, headers)
      response.end(JSON.stringify(step.body ?? { error: { message: `Fake error ${step.status}`, type: ERROR_TYPES[step.status] ?? 'error', code: null } }))
      return
    }
    const model = String(body.model ?? 'fake-model')
    const id = `chatcmpl-${randomUUID()}`
    const created = Math.floor(Date.now() / 1000)
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    })
    const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4)
    if (body.stream !== true) {
      const message =
        'text' in step
          ? { role: 'assistant', content: step.text }
          : 'toolCalls' in step
            ? { role: 'assistant', content: null, tool_calls: toolCallsOf(step) }
            : null
      if (!message) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{not json')
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message, finish_reason: 'text' in step ? 'stop' : 'tool_calls', logprobs: null }],
          usage: { prompt_tokens: promptTokens, completion_tokens: 10, total_tokens: promptTokens + 10 },
        }),
      )
      return
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    const send = (data: unknown) => response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    if ('malformed' in step) {
      response.end('data: {not json\n\n')
      return
    }
    if ('dropAfterText' in step) {
      send(chunk({ role: 'assistant', content: step.dropAfterText }))
      // Let the first bytes reach the client (a connection cut before them is a retry), then cut it.
      await new Promise((resolve) => setTimeout(resolve, 30))
      response.socket?.destroy()
      return
    }
    let completionChars = 0
    if ('text' in step) {
      send(chunk({ role: 'assistant', content: '' }))
      const size = step.chunkSize ?? 8
      for (let at = 0; at < step.text.length; at += size) send(chunk({ content: step.text.slice(at, at + size) }))
      completionChars = step.text.length
      send(chunk({}, 'stop'))
    } else {
      send(chunk({ role: 'assistant', content: null }))
      step.toolCalls.forEach((call, index) => {
        send(chunk({ tool_calls: [{ index, id: `call_${randomUUID().slice(0, 12)}`, type: 'function', function: { name: call.name, arguments: '' } }] }))
        const third = Math.max(1, Math.ceil(call.arguments.length / 3))
        for (let at = 0; at < call.arguments.length; at += third)
          send(chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(at, at + third) } }] }))
        completionChars += call.arguments.length
      })
      send(chunk({}, 'tool_calls'))
    }
    const streamOptions = body.stream_options as { include_usage?: boolean } | undefined
    if (streamOptions?.include_usage) {
      const completionTokens = Math.ceil(completionChars / 4)
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      })
    }
    send('[DONE]')
    response.end()
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...steps) => void queue.push(...steps),
    setDefault: (step) => {
      fallback = step
    },
    script: (next) => {
      decide = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

function toolCallsOf(step: Extract<FakeStep, { toolCalls: unknown }>) {
  return step.toolCalls.map((call) => ({ id: `call_${randomUUID().slice(0, 12)}`, type: 'function', function: { name: call.name, arguments: call.arguments } }))
}
