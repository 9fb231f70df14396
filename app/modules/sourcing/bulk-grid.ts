// The bulk-manage grid's logic, kept pure so it is tested without a browser: clipboard parsing, pasting a block,
// per-cell validation with the shared input, keyboard movement and undo history.
import { BulkRequirementRow } from './requirement.inputs'
import type { RequirementStatus } from './sourcing.constants'

export const GRID_COLUMNS = [
  'title',
  'specification',
  'categoryId',
  'hsCode',
  'quantity',
  'unit',
  'targetUnitPrice',
  'targetCurrency',
  'requiredBy',
  'destination',
] as const
export type GridColumn = (typeof GRID_COLUMNS)[number]
export type GridCells = Record<GridColumn, string>

/** A row of the grid: an existing requirement (id, version, status) or a new one (`key` only). */
export type GridRow = { key: string; id?: string | undefined; version?: number | undefined; status: RequirementStatus | 'new'; cells: GridCells }
export type GridPosition = { row: number; col: number }
export type GridCategory = { id: string; name: string }

export const emptyCells = (): GridCells => Object.fromEntries(GRID_COLUMNS.map((column) => [column, ''])) as GridCells

/** Only new and open rows take edits; rows sent for quotation are shown as they are. */
export const isRowEditable = (row: GridRow) => row.status === 'new' || row.status === 'open'

/**
 * Tab-separated text as spreadsheets copy it: rows end with \r\n or \n, a quoted cell may hold tabs, line breaks and
 * doubled quotes. A trailing line break does not make an empty row.
 */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"' && cell === '') quoted = true
    else if (char === '\t') {
      row.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows.map((cells) => cells.map((value) => value.trim()))
}

/**
 * Writes `block` into the grid from `at` on: columns past the last are dropped, rows past the last are added (as new
 * rows keyed by `newKey`); cells of rows that take no edits are skipped.
 */
export function pasteBlock(rows: GridRow[], at: GridPosition, block: string[][], newKey: () => string): GridRow[] {
  const next = rows.map((row) => ({ ...row, cells: { ...row.cells } }))
  block.forEach((values, offset) => {
    const rowIndex = at.row + offset
    while (next.length <= rowIndex) next.push({ key: newKey(), status: 'new', cells: emptyCells() })
    const target = next[rowIndex]!
    if (!isRowEditable(target)) return
    values.forEach((value, colOffset) => {
      const column = GRID_COLUMNS[at.col + colOffset]
      if (column) target.cells[column] = value
    })
  })
  return next
}

/** Sets one cell (a no-op on a row that takes no edits). */
export function setCell(rows: GridRow[], at: GridPosition, value: string): GridRow[] {
  const column = GRID_COLUMNS[at.col]
  const target = rows[at.row]
  if (!column || !target || !isRowEditable(target) || target.cells[column] === value) return rows
  return rows.map((row, index) => (index === at.row ? { ...row, cells: { ...row.cells, [column]: value } } : row))
}

export const isBlankRow = (row: GridRow) => row.status === 'new' && GRID_COLUMNS.every((column) => row.cells[column].trim() === '')

/** The category a cell names, by id or by name (case-insensitive), as spreadsheets hold names. */
export function resolveCategory(value: string, categories: GridCategory[]): string | null {
  const wanted = value.trim().toLowerCase()
  if (!wanted) return ''
  return categories.find((category) => category.id.toLowerCase() === wanted || category.name.trim().toLowerCase() === wanted)?.id ?? null
}

/** A row as the bulk save sends it: the category resolved to its id. */
function payloadOf(row: GridRow, categories: GridCategory[]) {
  return {
    ...(row.id ? { id: row.id, version: row.version } : {}),
    ...row.cells,
    categoryId: resolveCategory(row.cells.categoryId, categories) ?? row.cells.categoryId,
  }
}

/** The rows to send (blank new rows left out) with the grid index each came from. */
export function rowsToSave(rows: GridRow[]): Array<{ row: GridRow; gridIndex: number }> {
  return rows.flatMap((row, gridIndex) => (isBlankRow(row) ? [] : [{ row, gridIndex }]))
}

/** The body of "Save all": `{ rows }` in grid order, with `indices` mapping each sent row back to its grid row. */
export function bulkPayload(rows: GridRow[], categories: GridCategory[]) {
  const kept = rowsToSave(rows)
  return { body: { rows: kept.map(({ row }) => payloadOf(row, categories)) }, indices: kept.map(({ gridIndex }) => gridIndex) }
}

/** Message keys per cell, `rows.<grid index>.<column>`, from the shared input (and the category list). */
export function validateGrid(rows: GridRow[], categories: GridCategory[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const { row, gridIndex } of rowsToSave(rows)) {
    if (!isRowEditable(row)) continue
    const parsed = BulkRequirementRow.safeParse(payloadOf(row, categories))
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = GRID_COLUMNS.find((name) => name === issue.path[0])
        if (column) errors[`rows.${gridIndex}.${column}`] ??= [issue.message]
      }
    }
    if (row.cells.categoryId.trim() && resolveCategory(row.cells.categoryId, categories) === null)
      errors[`rows.${gridIndex}.categoryId`] = ['validation.category']
  }
  return errors
}

/** Server errors under `rows.<sent index>.<field>` renamed to the grid rows they came from. */
export function errorsToGrid(fields: Record<string, string[]>, indices: number[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, keys]) => [name.replace(/^rows\.(\d+)\./, (_all, sent: string) => `rows.${indices[Number(sent)] ?? sent}.`), keys]),
  )
}

/** Where a key press moves the active cell: arrows, Tab / Shift+Tab (wrapping rows), Enter / Shift+Enter, Home / End. */
export function moveFrom(at: GridPosition, key: string, shift: boolean, rowCount: number, colCount: number = GRID_COLUMNS.length): GridPosition {
  const clampRow = (row: number) => Math.max(0, Math.min(rowCount - 1, row))
  const clampCol = (col: number) => Math.max(0, Math.min(colCount - 1, col))
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col }
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), col: at.col }
    case 'ArrowLeft':
      return { row: at.row, col: clampCol(at.col - 1) }
    case 'ArrowRight':
      return { row: at.row, col: clampCol(at.col + 1) }
    case 'Enter':
      return { row: clampRow(at.row + (shift ? -1 : 1)), col: at.col }
    case 'Home':
      return { row: at.row, col: 0 }
    case 'End':
      return { row: at.row, col: colCount - 1 }
    case 'Tab': {
      const flat = at.row * colCount + at.col + (shift ? -1 : 1)
      const last = rowCount * colCount - 1
      const clamped = Math.max(0, Math.min(last, flat))
      return { row: Math.floor(clamped / colCount), col: clamped % colCount }
    }
    default:
      return at
  }
}

/** Undo before save: the states before each change, newest last (at most `UNDO_LIMIT`). */
export type History<T> = { past: T[]; present: T }
export const UNDO_LIMIT = 100

export const startHistory = <T>(present: T): History<T> => ({ past: [], present })

/** Records a change; an unchanged state is not a step. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history
  return { past: [...history.past, history.present].slice(-UNDO_LIMIT), present: next }
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1)
  return previous === undefined ? history : { past: history.past.slice(0, -1), present: previous }
}

/** What the grid needs of a stored requirement. */
export type GridSource = {
  id: string
  version: number
  status: RequirementStatus
  title: string
  specification: string
  categoryName: string | null
  hsCode: string | null
  quantity: number
  unit: string
  targetUnitPrice: string | null
  targetCurrency: string | null
  requiredBy: string | null
  destination: string
}

/** A stored requirement as a grid row (the category shown by name, as typed). */
export function toGridRow(source: GridSource): GridRow {
  return {
    key: source.id,
    id: source.id,
    version: source.version,
    status: source.status,
    cells: {
      title: source.title,
      specification: source.specification,
      categoryId: source.categoryName ?? '',
      hsCode: source.hsCode ?? '',
      quantity: String(source.quantity),
      unit: source.unit,
      targetUnitPrice: source.targetUnitPrice ?? '',
      targetCurrency: source.targetCurrency ?? '',
      requiredBy: source.requiredBy ?? '',
      destination: source.destination,
    },
  }
}
