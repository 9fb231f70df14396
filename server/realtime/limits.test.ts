import { afterEach, describe, expect, it } from 'vitest'
import { FloodGate } from './limits'

describe('FloodGate', () => {
  let gate: FloodGate | undefined
  afterEach(() => gate?.close())

  it('allows max events per window per user and bucket, then tells how long to wait', () => {
    let now = 1_000_000
    gate = new FloodGate(() => now)
    const limit = { max: 2, windowMs: 10_000 }
    expect(gate.take('relay', 'u1', limit)).toBe(0)
    expect(gate.take('relay', 'u1', limit)).toBe(0)
    now += 3_000
    expect(gate.take('relay', 'u1', limit)).toBe(7)
    expect(gate.take('relay', 'u2', limit)).toBe(0)
    expect(gate.take('join', 'u1', limit)).toBe(0)
    now += 7_000
    expect(gate.take('relay', 'u1', limit)).toBe(0)
  })
})
