import { describe, expect, it } from 'vitest'
import { raisedRefusal } from './raised.server'

describe('raisedRefusal', () => {
  it('finds a tradeport refusal through the errors that wrap it, with its parameters', () => {
    const driver = Object.assign(new Error('tradeport:invalid_transition'), { code: 'P0001', detail: '{"action":"accepted","status":"paid"}' })
    const wrapped = new Error('Failed query', { cause: driver })
    expect(raisedRefusal(wrapped)).toEqual({ code: 'invalid_transition', params: { action: 'accepted', status: 'paid' } })
  })

  it('answers no parameters for a missing or unreadable detail', () => {
    expect(raisedRefusal(Object.assign(new Error('tradeport:not_found'), { code: 'P0001' }))).toEqual({ code: 'not_found', params: {} })
    expect(raisedRefusal(Object.assign(new Error('tradeport:conflict'), { code: 'P0001', detail: 'not json' }))).toEqual({ code: 'conflict', params: {} })
  })

  it('leaves other database errors alone', () => {
    expect(raisedRefusal(Object.assign(new Error('some plpgsql error'), { code: 'P0001' }))).toBeNull()
    expect(raisedRefusal(Object.assign(new Error('tradeport:conflict'), { code: '23505' }))).toBeNull()
    expect(raisedRefusal(new Error('plain'))).toBeNull()
    expect(raisedRefusal(null)).toBeNull()
  })
})
