// What pages and other modules may use on both sides: the vocabulary, inputs, policy, arithmetic and components.
export * from './inventory.constants'
export { canManageWarehouses, canMoveStock, inventoryPermissions, type InventoryPermissions } from './inventory.policy'
export { afterMovement, availableOf, isBelowThreshold, type LevelFigures, type MovementOutcome } from './stock-arithmetic'
export { WAREHOUSE_CODE_MAX, WarehouseInput } from './warehouse.inputs'
export {
  AdjustStockInput,
  isOn,
  IssueStockInput,
  MAX_CSV_MOVEMENT_ROWS,
  MAX_MOVEMENT_QUANTITY,
  MOVEMENT_LIST_DEFAULT_LIMIT,
  MOVEMENT_LIST_MAX_LIMIT,
  MovementQuery,
  STOCK_LIST_DEFAULT_LIMIT,
  STOCK_LIST_MAX_LIMIT,
  StockLevelQuery,
  ThresholdInput,
  TransferStockInput,
  type MovementFilters,
  type ReceiptInput,
  type ReceiptLine,
} from './stock.inputs'
