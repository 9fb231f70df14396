// The vocabulary of stock, shared by the tables, the inputs and the pages.

/**
 * What moved stock: goods received (from a shipment or by hand), issued (used, sold, scrapped), counted differently
 * (an adjustment, up or down, with a reason), or moved between two of the company's warehouses (a pair of movements).
 */
export const MOVEMENT_KINDS = ['receipt', 'issue', 'adjustment', 'transfer_out', 'transfer_in'] as const
export type MovementKind = (typeof MOVEMENT_KINDS)[number]

export const ADJUSTMENT_REASONS = ['count', 'damage', 'loss', 'found', 'expired', 'other'] as const
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]

export const MAX_WAREHOUSES = 200
export const MAX_RECEIPT_LINES = 200
