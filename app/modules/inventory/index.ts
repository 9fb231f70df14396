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
export { MovementLedger, type MovementFilterValues, type MovementRow } from './components/movement-ledger'
export { StockLevelTable, type StockLevelRow, type ThresholdFailure } from './components/stock-level-table'
export { StockMovePanel, type MoveFailure, type MoveIntent } from './components/stock-move-panel'
export { WarehouseForm, type WarehouseFormProps, type WarehouseFormValues } from './components/warehouse-form'
export { WarehouseTable, type WarehouseRow } from './components/warehouse-table'
