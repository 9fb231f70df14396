import { describe, expect, it } from 'vitest'
import { afterMovement, availableOf, isBelowThreshold } from './stock-arithmetic'

const level = (onHand: number, reserved = 0, lowStockThreshold: number | null = null, belowThreshold = false) => ({
  onHand,
  reserved,
  lowStockThreshold,
  belowThreshold,
})

describe('stock arithmetic', () => {
  it('counts as available what is on hand and not reserved', () => {
    expect(availableOf({ onHand: 10, reserved: 3 })).toBe(7)
  })

  it('has no alert without a threshold, and one strictly below it', () => {
    expect(isBelowThreshold(0, null)).toBe(false)
    expect(isBelowThreshold(5, 5)).toBe(false)
    expect(isBelowThreshold(4, 5)).toBe(true)
  })

  it('adds a receipt and takes an issue', () => {
    expect(afterMovement(level(10), 5)).toEqual({ ok: true, onHand: 15, available: 15, belowThreshold: false, crossedBelow: false })
    expect(afterMovement(level(10, 2), -8)).toEqual({ ok: true, onHand: 2, available: 0, belowThreshold: false, crossedBelow: false })
  })

  it('refuses to take more than is available, reserved units included', () => {
    expect(afterMovement(level(10, 3), -8)).toEqual({ ok: false, reason: 'insufficient_stock', available: 7 })
    expect(afterMovement(level(0), -1)).toEqual({ ok: false, reason: 'insufficient_stock', available: 0 })
  })

  it('reports the crossing under the threshold once, and clears it when stock comes back', () => {
    const crossed = afterMovement(level(10, 0, 5), -6)
    expect(crossed).toMatchObject({ ok: true, available: 4, belowThreshold: true, crossedBelow: true })
    expect(afterMovement(level(4, 0, 5, true), -1)).toMatchObject({ ok: true, belowThreshold: true, crossedBelow: false })
    expect(afterMovement(level(4, 0, 5, true), 6)).toMatchObject({ ok: true, belowThreshold: false, crossedBelow: false })
  })
})
