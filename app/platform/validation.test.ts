import { describe, expect, it } from 'vitest'
import { fieldErrorsOf } from './validation'
import { z } from './zod'

describe('field errors', () => {
  it('groups messages by field path, the whole input under _, unknown fields under their names', () => {
    const schema = z.strictObject({ name: z.string().min(2, { error: 'too_short' }), address: z.object({ city: z.string({ error: 'city' }) }) })
    const result = schema.safeParse({ name: 'a', address: {}, extra: 1 })
    expect(result.success).toBe(false)
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ name: ['too_short'], 'address.city': ['city'], extra: [expect.any(String)] })
    const whole = z.string({ error: 'not_text' }).safeParse(3)
    if (!whole.success) expect(fieldErrorsOf(whole.error)).toEqual({ _: ['not_text'] })
  })
})
