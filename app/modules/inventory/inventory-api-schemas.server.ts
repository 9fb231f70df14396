// The wire shapes of the inventory API, shared by its warehouse and stock routers.
import { z } from '@hono/zod-openapi'
import { AppError, isAppError } from '../../platform/errors'
import { parseAndRun } from '../../platform/api/errors.server'
import { snakeCaseName } from '../../platform/api/schemas'
import { translator } from '../../platform/i18n/translate.server'
import { currentLocale } from '../../platform/request-scope.server'
import type * as zod from 'zod'
import { ADJUSTMENT_REASONS, MOVEMENT_KINDS } from './inventory.constants'

const decimal = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ description: `${description} (exact decimal as a string)`, example: '12.5000' })

export const WarehouseSchema = z
  .object({
    id: z.string(),
    code: z.string().openapi({ description: 'Unique in the company, whatever its case', example: 'SZ-01' }),
    name: z.string(),
    address_id: z.string().nullable(),
    address: z
      .object({
        id: z.string(),
        label: z.string(),
        line1: z.string(),
        line2: z.string(),
        city: z.string(),
        region: z.string(),
        postal_code: z.string(),
        country: z.string(),
      })
      .nullable(),
    manager_user_id: z.string().nullable(),
    manager_name: z.string().nullable(),
    notes: z.string(),
    publish_availability: z.boolean().openapi({
      description: 'Whether the available units (on hand − reserved) of the company’s catalogue products here count on their public pages',
    }),
    archived_at: z.string().nullable().openapi({ description: 'Archived warehouses keep their stock and history and take no movements' }),
    item_count: z.number().int().openapi({ description: 'Items with units on hand' }),
    stock_value: z
      .array(z.object({ currency: z.string(), total: z.string() }))
      .openapi({ description: 'Per currency: units on hand × the unit cost of the last receipt (exact decimals)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Warehouse')

export const StockLevelSchema = z
  .object({
    id: z.string(),
    warehouse_id: z.string(),
    item_key: z.string().openapi({ description: '`p:<product id>` for a catalogue product, else `t:<sku>|<description>`' }),
    product_id: z.string().nullable(),
    sku: z.string(),
    description: z.string(),
    unit: z.string(),
    on_hand: z.number().int(),
    reserved: z.number().int(),
    available: z.number().int().openapi({ description: 'on_hand − reserved' }),
    low_stock_threshold: z.number().int().nullable().openapi({ description: 'Below this many available units the company is told (null: no alert)' }),
    low: z.boolean(),
    unit_cost: decimal('The cost of one unit at the last receipt'),
    currency: z.string().nullable(),
    updated_at: z.string(),
  })
  .openapi('StockLevel')

export const MovementSchema = z
  .object({
    id: z.string(),
    level_id: z.string(),
    sku: z.string(),
    description: z.string(),
    unit: z.string(),
    kind: z.enum(MOVEMENT_KINDS),
    quantity: z.number().int().openapi({ description: 'Signed: what went in (+) or out (−)' }),
    balance_after: z.number().int().openapi({ description: 'Units on hand after the movement' }),
    reason: z.string().openapi({ description: `Adjustments: one of ${ADJUSTMENT_REASONS.join(', ')}` }),
    note: z.string(),
    reference_type: z.string().openapi({ description: 'shipment, warehouse (a transfer’s other side), or empty' }),
    reference_id: z.string(),
    reference: z.string().openapi({ description: 'The reference as the reader knows it: a shipment number, a warehouse code' }),
    transfer_id: z.string().nullable().openapi({ description: 'Shared by both halves of a transfer' }),
    unit_cost: decimal('The cost of one unit it carried'),
    currency: z.string().nullable(),
    created_by_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('StockMovement')

export const MovementResultSchema = z
  .object({ level: StockLevelSchema, movement_ids: z.array(z.string()).openapi({ description: 'The movements written: two for a transfer (out, then in)' }) })
  .openapi('StockMovementResult')

/** A 409 of the inventory (an archived warehouse) with its field messages translated, as 422s have theirs. */
function translatedConflict(error: unknown): unknown {
  if (!isAppError(error) || error.code !== 'conflict' || !error.details?.fields) return error
  const t = translator(currentLocale(), 'inventory')
  const fields = Object.fromEntries(
    Object.entries(error.details.fields as Record<string, string[]>).map(([field, keys]) => [snakeCaseName(field), keys.map((key) => t(key))]),
  )
  return new AppError('conflict', error.message, { ...error.details, fields })
}

/** Parses a body with a shared input and runs the service; field messages of a 422 or a 409 come back translated. */
export async function runInventory<S extends zod.ZodType, R>(schema: S, body: unknown, run: (input: zod.infer<S>) => Promise<R>): Promise<R> {
  try {
    return await parseAndRun('inventory', schema, body, run)
  } catch (error) {
    throw translatedConflict(error)
  }
}
