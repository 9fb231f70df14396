// The arithmetic of one stock level, shared by the services (which lock the level first) and the pages.

/** What a movement needs to know of a level. */
export type LevelFigures = { onHand: number; reserved: number; lowStockThreshold: number | null; belowThreshold: boolean }

/** Units that may still be issued or moved: on hand and not promised to anyone. */
export const availableOf = (level: Pick<LevelFigures, 'onHand' | 'reserved'>) => level.onHand - level.reserved

/** Whether available stock is under the alert threshold (never without one). */
export const isBelowThreshold = (available: number, threshold: number | null) => threshold !== null && available < threshold

/** A level after a signed change, or why it cannot happen. */
export type MovementOutcome =
  | { ok: true; onHand: number; available: number; belowThreshold: boolean; crossedBelow: boolean }
  | { ok: false; reason: 'insufficient_stock'; available: number }

/**
 * The level after `delta` units (signed): a decrease may take only available units (reserved ones stay); `crossedBelow`
 * is true only on the movement that takes available stock under the threshold, so each crossing alerts once.
 */
export function afterMovement(level: LevelFigures, delta: number): MovementOutcome {
  const available = availableOf(level)
  if (delta < 0 && -delta > available) return { ok: false, reason: 'insufficient_stock', available }
  const onHand = level.onHand + delta
  const availableAfter = onHand - level.reserved
  const belowThreshold = isBelowThreshold(availableAfter, level.lowStockThreshold)
  return { ok: true, onHand, available: availableAfter, belowThreshold, crossedBelow: belowThreshold && !level.belowThreshold }
}
