import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../app/platform/errors'
import { failureOf } from './acks'
import type { RealtimeSocket } from './types'

const socket = { data: { userId: 'u1', locale: 'en' } } as unknown as RealtimeSocket

describe('failureOf', () => {
  it('maps service errors to the protocol codes', () => {
    expect(failureOf(new AppError('not_found', 'Conversation not found'), socket, 'test').error.code).toBe('not_found')
    expect(failureOf(new AppError('forbidden'), socket, 'test').error.code).toBe('not_found')
    expect(failureOf(new AppError('conflict'), socket, 'test').error.code).toBe('unsupported')
    expect(failureOf(new AppError('file_too_large'), socket, 'test').error.code).toBe('payload_too_large')
    expect(failureOf(new AppError('rate_limited', 'Slow down', { retryAfterSeconds: 4 }), socket, 'test').error).toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 4,
    })
  })

  it('turns zod errors and field errors into validation_failed with fields', () => {
    const parsed = z.object({ room: z.string() }).safeParse({ room: 1 })
    expect(parsed.success).toBe(false)
    if (!parsed.success)
      expect(failureOf(parsed.error, socket, 'test').error).toMatchObject({ code: 'validation_failed', fields: { room: [expect.any(String)] } })
    expect(
      failureOf(new AppError('validation_failed', 'Validation failed', { fields: { body: ['validation.bodyTooLong'] } }), socket, 'test').error.fields
        ?.body?.[0],
    ).not.toBe('validation.bodyTooLong')
  })

  it('answers an unexpected error with internal and a message in the socket’s language', () => {
    const english = failureOf(new TypeError('boom'), socket, 'test')
    const chinese = failureOf(new TypeError('boom'), { data: { userId: 'u1', locale: 'zh-Hans' } } as unknown as RealtimeSocket, 'test')
    expect(english.error.code).toBe('internal')
    expect(english.error.message).not.toContain('boom')
    expect(chinese.error.message).not.toBe(english.error.message)
  })
})
