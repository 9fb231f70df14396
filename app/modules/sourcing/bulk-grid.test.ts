import { describe, expect, it } from 'vitest'
import {
  bulkPayload,
  commit,
  emptyCells,
  errorsToGrid,
  type GridRow,
  moveFrom,
  parseClipboard,
  pasteBlock,
  setCell,
  startHistory,
  undo,
  UNDO_LIMIT,
  validateGrid,
} from './bulk-grid'

const categories = [
  { id: 'lighting', name: 'Lighting' },
  { id: 'led-bulbs', name: 'LED Bulbs' },
]
let counter = 0
const newKey = () => `new-${++counter}`
const row = (cells: Partial<GridRow['cells']> = {}, extra: Partial<GridRow> = {}): GridRow => ({
  key: newKey(),
  status: 'new',
  cells: { ...emptyCells(), ...cells },
  ...extra,
})

describe('parseClipboard', () => {
  it('reads Excel’s tab-separated rows with CRLF endings, without a phantom last row', () => {
    expect(parseClipboard('LED panel\t600×600\r\nSpotlight\t20 W\r\n')).toEqual([
      ['LED panel', '600×600'],
      ['Spotlight', '20 W'],
    ])
  })

  it('keeps tabs, line breaks and doubled quotes inside quoted cells, and empty cells', () => {
    expect(parseClipboard('"Panel\nwith ""frame"""\t\t40\n')).toEqual([['Panel\nwith "frame"', '', '40']])
  })
})

describe('pasteBlock', () => {
  it('writes a block from the active cell, adds rows as needed and drops columns past the last', () => {
    const rows = [row({ title: 'Existing' })]
    const block = parseClipboard('Lamp\tBrass\r\nShade\tLinen\r\nBulb\tE27\r\n')
    const pasted = pasteBlock(rows, { row: 0, col: 0 }, block, newKey)
    expect(pasted.map((item) => [item.cells.title, item.cells.specification, item.status])).toEqual([
      ['Lamp', 'Brass', 'new'],
      ['Shade', 'Linen', 'new'],
      ['Bulb', 'E27', 'new'],
    ])
    const wide = pasteBlock(rows, { row: 0, col: 9 }, [['Rotterdam', 'extra']], newKey)
    expect(wide[0]!.cells.destination).toBe('Rotterdam')
    expect(rows[0]!.cells.title).toBe('Existing')
  })

  it('skips rows already sent for quotation', () => {
    const sent = row({ title: 'Sent' }, { id: 'r1', version: 2, status: 'rfq_sent' })
    expect(pasteBlock([sent], { row: 0, col: 0 }, [['Changed']], newKey)[0]!.cells.title).toBe('Sent')
    expect(setCell([sent], { row: 0, col: 0 }, 'Changed')[0]!.cells.title).toBe('Sent')
  })
})

describe('validateGrid and the payload', () => {
  it('flags each bad cell with the shared input’s message key and ignores blank new rows', () => {
    const rows = [
      row({ title: 'Lamp', quantity: '10', unit: 'pcs', categoryId: 'Lighting' }),
      row({ title: 'X', quantity: '0', unit: 'pcs', categoryId: 'Furniture', targetUnitPrice: '1.5', hsCode: '12' }),
      row(),
    ]
    expect(validateGrid(rows, categories)).toEqual({
      'rows.1.title': ['validation.title'],
      'rows.1.quantity': ['validation.quantity'],
      'rows.1.categoryId': ['validation.category'],
      'rows.1.hsCode': ['validation.hsCode'],
      'rows.1.targetCurrency': ['validation.currency'],
    })
  })

  it('sends non-blank rows with category names resolved to ids, and maps server errors back to grid rows', () => {
    const rows = [
      row(),
      row({ title: 'Lamp', quantity: '10', unit: 'pcs', categoryId: 'led bulbs' }),
      row({ title: 'Kept' }, { id: 'r9', version: 3, status: 'open' }),
    ]
    const { body, indices } = bulkPayload(rows, categories)
    expect(body.rows.map((item) => [item.title, item.categoryId, 'id' in item ? item.id : null])).toEqual([
      ['Lamp', 'led-bulbs', null],
      ['Kept', '', 'r9'],
    ])
    expect(indices).toEqual([1, 2])
    expect(errorsToGrid({ 'rows.1.hsCode': ['validation.hsCodeUnknown'], rows: ['validation.rows'] }, indices)).toEqual({
      'rows.2.hsCode': ['validation.hsCodeUnknown'],
      rows: ['validation.rows'],
    })
  })
})

describe('moveFrom', () => {
  it('moves with arrows within the grid, Tab wraps to the next row, Enter goes down', () => {
    expect(moveFrom({ row: 0, col: 0 }, 'ArrowUp', false, 3)).toEqual({ row: 0, col: 0 })
    expect(moveFrom({ row: 0, col: 0 }, 'ArrowDown', false, 3)).toEqual({ row: 1, col: 0 })
    expect(moveFrom({ row: 0, col: 9 }, 'ArrowRight', false, 3)).toEqual({ row: 0, col: 9 })
    expect(moveFrom({ row: 0, col: 9 }, 'Tab', false, 3)).toEqual({ row: 1, col: 0 })
    expect(moveFrom({ row: 1, col: 0 }, 'Tab', true, 3)).toEqual({ row: 0, col: 9 })
    expect(moveFrom({ row: 2, col: 4 }, 'Enter', false, 3)).toEqual({ row: 2, col: 4 })
    expect(moveFrom({ row: 2, col: 4 }, 'Enter', true, 3)).toEqual({ row: 1, col: 4 })
    expect(moveFrom({ row: 1, col: 4 }, 'End', false, 3)).toEqual({ row: 1, col: 9 })
  })
})

describe('undo history', () => {
  it('undoes changes in reverse order, ignores no-op changes, and keeps a bounded past', () => {
    const first = [row({ title: 'A' })]
    let history = startHistory(first)
    const second = setCell(first, { row: 0, col: 0 }, 'B')
    history = commit(history, second)
    history = commit(history, second)
    expect(history.past).toHaveLength(1)
    history = undo(history)
    expect(history.present[0]!.cells.title).toBe('A')
    expect(undo(history)).toBe(history)
    let long = startHistory(0)
    for (let step = 1; step <= UNDO_LIMIT + 10; step += 1) long = commit(long, step)
    expect(long.past).toHaveLength(UNDO_LIMIT)
  })
})
