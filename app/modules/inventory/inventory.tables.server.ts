import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { addresses, organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import { MOVEMENT_KINDS } from './inventory.constants'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * A place where a company keeps goods. Archived warehouses keep their history and take no new stock. A supplier may
 * publish a warehouse's availability: its catalogue products' available units then count on their public pages.
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    addressId: text('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    managerUserId: text('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    publishAvailability: boolean('publish_availability').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('warehouses_organization_code_key').on(t.organizationId, sql`lower(${t.code})`),
    index('warehouses_organization_name_idx').on(t.organizationId, t.name),
  ],
)

/**
 * The stock of one item in one warehouse, kept in the same transaction as each movement: never below zero (the check
 * is the last guard; the services refuse first, with a message). An item is a catalogue product when it has one,
 * else the order line's SKU and description (`itemKey` tells them apart).
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    warehouseId: text('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    productId: text('product_id'),
    sku: text('sku').notNull().default(''),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** Below this many available units the company is told (null: no alert). */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * Whether available stock is below the threshold: kept by every write of the level (a check holds it to the
     * figures), so a crossing alerts once and the low items are read from their own index.
     */
    belowThreshold: boolean('below_threshold').notNull().default(false),
    /** The cost of one unit at the last receipt, for the stock value. */
    unitCost: numeric('unit_cost', { precision: 18, scale: 4 }),
    currency: text('currency'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_levels_warehouse_item_key').on(t.warehouseId, t.itemKey),
    index('stock_levels_organization_item_idx').on(t.organizationId, t.itemKey),
    // The stock page's order (lower(description), sku, id): a page is read from the index, not sorted from every level.
    index('stock_levels_warehouse_description_idx').on(t.warehouseId, sql`lower(${t.description})`, t.sku, t.id),
    // The low items in the same order: the low-only page and the low count read a few hundred entries, not every level.
    index('stock_levels_warehouse_low_idx')
      .on(t.warehouseId, sql`lower(${t.description})`, t.sku, t.id)
      .where(sql`${t.belowThreshold}`),
    check('stock_levels_quantities_check', sql`${t.onHand} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    check(
      'stock_levels_below_threshold_check',
      sql`${t.belowThreshold} = (${t.lowStockThreshold} is not null and ${t.onHand} - ${t.reserved} < ${t.lowStockThreshold})`,
    ),
  ],
)

/** The append-only ledger: every change of a level, with the level after it. A level equals the sum of its movements. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    warehouseId: text('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    levelId: text('level_id')
      .notNull()
      .references(() => stockLevels.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MOVEMENT_KINDS }).notNull(),
    /** Signed: receipts and transfers in add, issues and transfers out take away; adjustments either. */
    quantity: integer('quantity').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    /** What caused it, as the reader knows it: a shipment number, an order number, a transfer's other warehouse. */
    referenceType: text('reference_type').notNull().default(''),
    referenceId: text('reference_id').notNull().default(''),
    reference: text('reference').notNull().default(''),
    /** Both halves of a transfer share it. */
    transferId: text('transfer_id'),
    unitCost: numeric('unit_cost', { precision: 18, scale: 4 }),
    currency: text('currency'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('stock_movements_level_created_idx').on(t.levelId, t.createdAt, t.id),
    index('stock_movements_warehouse_kind_created_idx').on(t.warehouseId, t.kind, t.createdAt),
    index('stock_movements_reference_idx')
      .on(t.organizationId, t.referenceType, t.referenceId)
      .where(sql`${t.referenceId} <> ''`),
    check('stock_movements_kind_check', sql`${t.kind} in (${oneOf(MOVEMENT_KINDS)})`),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0 and ${t.balanceAfter} >= 0`),
  ],
)
