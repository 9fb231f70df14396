import { FetchError, ofetch } from 'ofetch'

/** §7: GET and HEAD are retried once on these statuses; POST, PUT, PATCH and DELETE never are. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504]
const REQUEST_TIMEOUT_MS = 15_000

const PAYLOAD_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** §8: an answer with status 400–599; `data` is the parsed body, e.g. the API's {code, message, details}. */
export class HttpError extends Error {
  override name = 'HttpError'

  constructor(
    readonly status: number,
    readonly data: unknown,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** §8: the request (including its retry) took longer than the timeout. */
export class TimeoutError extends Error {
  override name = 'TimeoutError'
  readonly code = 23

  constructor() {
    super('aborted due to timeout')
  }
}

export type RequestOptions = {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: Record<string, unknown>
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
}

export type HttpClient = <T>(path: string, options?: RequestOptions) => Promise<T>

type ClientConfig = { baseURL?: string; timeoutMs?: number; fetch?: typeof globalThis.fetch }

/** The message an API error body carries (already in the caller's locale), else the status line. */
function messageOf(error: FetchError): string {
  const data: unknown = error.data
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) return data.message
  return `${error.status} ${error.statusText ?? ''}`.trim()
}

function toClientError(error: unknown): unknown {
  if (!(error instanceof FetchError)) return error
  if (error.cause instanceof TimeoutError) return error.cause
  if (error.status !== undefined) return new HttpError(error.status, error.data, messageOf(error), { cause: error })
  return error
}

/** The browser's HTTP client (one ofetch instance): JSON bodies, the §7 retry rule, one deadline per request. */
export function createHttpClient(config: ClientConfig = {}): HttpClient {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS
  const $fetch = ofetch.create(
    { baseURL: config.baseURL, credentials: 'same-origin', retryStatusCodes: RETRY_STATUS_CODES },
    config.fetch ? { fetch: config.fetch } : {},
  )
  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET'
    // Our own deadline rather than ofetch's `timeout`, so the retry shares it and the error has the §8 shape.
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(new TimeoutError()), timeoutMs)
    try {
      return await $fetch<T>(path, { ...options, method, retry: PAYLOAD_METHODS.has(method) ? 0 : 1, signal: deadline.signal })
    } catch (error) {
      throw toClientError(error)
    } finally {
      clearTimeout(timer)
    }
  }
}

export const http = createHttpClient()
