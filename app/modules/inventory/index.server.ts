// The inventory module's services: warehouses, stock levels, movements, the receipt a shipment posts, and the stock a
// supplier publishes.
export {
  archiveWarehouse,
  createWarehouse,
  getWarehouse,
  listWarehouses,
  restoreWarehouse,
  updateWarehouse,
  warehouseFormChoices,
  warehouseOptions,
  type Warehouse,
  type WarehouseFormChoices,
  type WarehouseOption,
} from './warehouse.service.server'
export {
  adjustStock,
  getStockLevel,
  issueStock,
  listStockLevels,
  postReceipt,
  setLowStockThreshold,
  transferStock,
  type MovementResult,
  type StockLevel,
  type StockLevelPage,
} from './stock.service.server'
export { exportMovementsCsv, listMovements, MOVEMENT_CSV_COLUMNS, type StockMovement } from './movement.service.server'
export { warehouseLink } from './stock-ledger.server'
export { publishedAvailability } from './availability.service.server'
export { lowStockQueue, type LowStockItem, type LowStockQueue } from './low-stock.service.server'
