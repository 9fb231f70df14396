import type { Actor } from '../../platform/actor'
import { hasRole } from '../companies/index'

/** Opening, renaming, archiving and restoring warehouses: the company's admins and owners, as for its address book. */
export const canManageWarehouses = (actor: Actor) => hasRole(actor, 'admin')

/** Issuing, adjusting, transferring stock and setting alert thresholds: any member, as the people on the floor do. */
export const canMoveStock = (actor: Actor) => hasRole(actor, 'member')

/** What the warehouse pages offer the actor, asked once instead of computed in the route. */
export type InventoryPermissions = { manageWarehouses: boolean; moveStock: boolean }

export const inventoryPermissions = (actor: Actor): InventoryPermissions => ({
  manageWarehouses: canManageWarehouses(actor),
  moveStock: canMoveStock(actor),
})
