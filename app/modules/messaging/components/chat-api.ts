import type { Message, SendMessageInput } from '../messaging.types'

/** An error the REST API answered: its code, translated message, field messages and retry hint. */
export type ApiFailure = { code: string; message: string; fields?: Record<string, string[]>; retryAfterSeconds?: number }
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure }

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())

/** The REST API speaks snake_case; the UI uses the service shapes (camelCase). Field maps keep their keys. */
export function camelizeKeys(value: unknown, keepKeysOf: ReadonlySet<string> = new Set(['fields'])): unknown {
  if (Array.isArray(value)) return value.map((item) => camelizeKeys(item, keepKeysOf))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [camel(key), keepKeysOf.has(key) ? item : camelizeKeys(item, keepKeysOf)]))
}

async function readFailure(response: Response, fallback: string): Promise<ApiFailure> {
  const body = (await response.json().catch(() => null)) as {
    code?: string
    message?: string
    details?: { fields?: Record<string, string[]>; retryAfterSeconds?: number; retry_after_seconds?: number }
  } | null
  const retryHeader = Number.parseInt(response.headers.get('retry-after') ?? '', 10)
  return {
    code: body?.code ?? 'internal',
    message: body?.message ?? fallback,
    fields: body?.details?.fields,
    retryAfterSeconds: body?.details?.retryAfterSeconds ?? body?.details?.retry_after_seconds ?? (Number.isFinite(retryHeader) ? retryHeader : undefined),
  }
}

/**
 * Sends a message over REST: the fallback when the socket is offline or does not answer in time. The same
 * `clientId` makes a retry idempotent, so a message the socket did deliver is not stored twice.
 */
export async function postMessage(conversationId: string, input: SendMessageInput, fallbackError: string): Promise<ApiResult<Message>> {
  try {
    const response = await fetch(`/api/v1/conversations/${encodeURIComponent(conversationId)}/messages`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ body: input.body, mentions: input.mentions ?? [], attachment_file_ids: input.attachmentFileIds ?? [], client_id: input.clientId }),
    })
    if (!response.ok) return { ok: false, error: await readFailure(response, fallbackError) }
    const body = camelizeKeys(await response.json()) as Message | { message: Message }
    return { ok: true, value: 'message' in body && typeof body.message === 'object' ? body.message : (body as Message) }
  } catch {
    return { ok: false, error: { code: 'offline', message: fallbackError } }
  }
}

export type UploadedFile = { id: string; name: string; contentType: string; sizeBytes: number }

/** Uploads one attachment (multipart, purpose `attachment`); the server sniffs the type and enforces the size. */
export async function uploadAttachment(file: File, fallbackError: string): Promise<ApiResult<UploadedFile>> {
  const form = new FormData()
  form.set('file', file)
  form.set('purpose', 'attachment')
  try {
    const response = await fetch('/api/v1/files', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body: form })
    if (!response.ok) return { ok: false, error: await readFailure(response, fallbackError) }
    return { ok: true, value: camelizeKeys(await response.json()) as UploadedFile }
  } catch {
    return { ok: false, error: { code: 'offline', message: fallbackError } }
  }
}
