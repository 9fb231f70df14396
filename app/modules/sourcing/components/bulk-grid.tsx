import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { useTranslation } from '../../../platform/i18n/react'
import {
  bulkPayload,
  commit,
  emptyCells,
  errorsToGrid,
  GRID_COLUMNS,
  type GridCategory,
  type GridPosition,
  type GridRow,
  type GridSource,
  isRowEditable,
  moveFrom,
  parseClipboard,
  pasteBlock,
  setCell,
  startHistory,
  toGridRow,
  undo,
  validateGrid,
} from '../bulk-grid'

/** What the bulk-manage action answers. */
export type BulkGridResult =
  | { ok: true; created: number; updated: number; deleted: number; requirements: GridSource[] }
  | { ok: false; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

type BulkGridProps = {
  rows: GridSource[]
  categories: GridCategory[]
  /** The single-requirement form, for browsers without JavaScript. */
  singleFormHref: string
}

const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Tab', 'Enter', 'Home', 'End'])
const WIDTH: Partial<Record<(typeof GRID_COLUMNS)[number], string>> = {
  title: 'min-w-48',
  specification: 'min-w-56',
  categoryId: 'min-w-40',
  destination: 'min-w-40',
}

/**
 * A spreadsheet of a project's requirements: one focusable cell at a time (roving tabindex), arrows / Tab / Enter to
 * move, typing or F2 to edit, a block pasted from Excel, per-cell errors before saving, undo, and one "Save all".
 */
export function BulkGrid({ rows: initialRows, categories, singleFormHref }: BulkGridProps) {
  const { t } = useTranslation('projects')
  const fetcher = useFetcher<BulkGridResult>()
  const [history, setHistory] = useState(() => startHistory(initialRows.map(toGridRow)))
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 })
  const [editing, setEditing] = useState<{ value: string } | null>(null)
  const [sentIndices, setSentIndices] = useState<number[]>([])
  const [attempted, setAttempted] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({})
  const cells = useRef(new Map<string, HTMLElement>())
  const keyCounter = useRef(0)
  const focusPending = useRef(false)
  const gridId = useId()
  const rows = history.present
  const clientErrors = useMemo(() => validateGrid(rows, categories), [rows, categories])
  const errors = { ...serverErrors, ...clientErrors }
  const saving = fetcher.state !== 'idle'
  const result = fetcher.data
  const newKey = () => `new-${++keyCounter.current}`

  // After a save, the grid shows what was stored (new ids and versions) and the undo history starts again; refused
  // cells show the server's errors. Adjusted while rendering, once per answer.
  const [answered, setAnswered] = useState(result)
  if (result !== answered) {
    setAnswered(result)
    if (result?.ok) {
      setHistory(startHistory(result.requirements.map(toGridRow)))
      setServerErrors({})
      setAttempted(false)
    } else if (result) {
      setServerErrors(errorsToGrid(result.fieldErrors, sentIndices))
    }
  }

  useEffect(() => {
    if (!focusPending.current || editing) return
    focusPending.current = false
    cells.current.get(`${active.row}:${active.col}`)?.focus()
  }, [active, editing])

  const change = (next: GridRow[]) => {
    setHistory((current) => commit(current, next))
    setServerErrors({})
  }
  const moveTo = (position: GridPosition) => {
    focusPending.current = true
    setActive(position)
  }
  const rowCount = Math.max(rows.length, 1)

  const commitEdit = (value: string) => {
    change(setCell(rows, active, value))
    setEditing(null)
  }

  const pasteText = (text: string) => {
    const block = parseClipboard(text)
    if (block.length === 0) return
    change(pasteBlock(rows, active, block, newKey))
    setEditing(null)
    focusPending.current = true
  }

  const undoLast = () => {
    setEditing(null)
    setHistory((current) => undo(current))
    setServerErrors({})
  }

  const onCellKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (editing) return
    const mod = event.ctrlKey || event.metaKey
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault()
      undoLast()
      return
    }
    if (MOVE_KEYS.has(event.key)) {
      const next = moveFrom(active, event.key, event.shiftKey, rowCount)
      // Tab past the first or last cell leaves the grid, as it would anywhere else.
      if (event.key === 'Tab' && next.row === active.row && next.col === active.col) return
      event.preventDefault()
      moveTo(next)
      return
    }
    const row = rows[active.row]
    if (!row || !isRowEditable(row) || mod || event.altKey) return
    if (event.key === 'F2') {
      event.preventDefault()
      setEditing({ value: row.cells[GRID_COLUMNS[active.col]!] })
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      change(setCell(rows, active, ''))
    } else if (event.key.length === 1) {
      event.preventDefault()
      setEditing({ value: event.key })
    }
  }

  const onEditorKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      setEditing(null)
      focusPending.current = true
      setActive({ ...active })
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      commitEdit(event.currentTarget.value)
      moveTo(moveFrom(active, event.key, event.shiftKey, rowCount))
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const text = event.clipboardData.getData('text/plain')
    // Inside a cell editor, a single value is ordinary text; a block (tabs or lines) goes to the grid.
    if (editing && !/[\t\r\n]/.test(text.trim())) return
    event.preventDefault()
    pasteText(text)
  }

  const addRow = () => {
    change([...rows, { key: newKey(), status: 'new', cells: emptyCells() }])
    moveTo({ row: rows.length, col: 0 })
  }

  const removeRow = (index: number) => {
    change(rows.filter((_row, position) => position !== index))
    moveTo({ row: Math.max(0, Math.min(index, rows.length - 2)), col: active.col })
  }

  const save = () => {
    setAttempted(true)
    setEditing(null)
    if (Object.keys(clientErrors).length > 0) {
      const [first] = Object.keys(clientErrors)
      const match = /^rows\.(\d+)\.(\w+)$/.exec(first ?? '')
      if (match) moveTo({ row: Number(match[1]), col: Math.max(0, GRID_COLUMNS.indexOf(match[2] as (typeof GRID_COLUMNS)[number])) })
      return
    }
    const { body, indices } = bulkPayload(rows, categories)
    setSentIndices(indices)
    void fetcher.submit({ payload: JSON.stringify(body) }, { method: 'post' })
  }

  const errorCount = Object.keys(errors).length
  const stale = result && !result.ok && result.formError?.code === 'stale_version'

  return (
    <div className="flex flex-col gap-4">
      <noscript>
        <Alert tone="info" title={t('grid.noScriptTitle')}>
          {t('grid.noScript')}{' '}
          <a href={singleFormHref} className="underline underline-offset-4">
            {t('grid.singleForm')}
          </a>
        </Alert>
      </noscript>
      <p id={`${gridId}-help`} className="text-sm text-muted-foreground">
        {t('grid.help')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" onClick={addRow}>
          {t('grid.addRow')}
        </Button>
        <Button type="button" variant="secondary" onClick={undoLast} disabled={history.past.length === 0}>
          {t('grid.undo')}
        </Button>
        <Button type="button" onClick={save} disabled={saving}>
          {saving ? t('grid.saving') : t('grid.saveAll')}
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {t('grid.rowCount', { count: String(rows.length) })}
        </span>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {result?.ok && !saving ? (
          <Alert tone="success">{t('grid.saved', { created: String(result.created), updated: String(result.updated), deleted: String(result.deleted) })}</Alert>
        ) : null}
        {stale ? (
          <Alert tone="error" title={result.formError?.message}>
            {t('grid.stale')}{' '}
            <Link to="." reloadDocument className="underline underline-offset-4">
              {t('grid.reload')}
            </Link>
          </Alert>
        ) : null}
        {result && !result.ok && result.formError && !stale ? <FormError error={result.formError} /> : null}
        {attempted && errorCount > 0 ? <Alert tone="error">{t('grid.fixErrors', { count: String(errorCount) })}</Alert> : null}
      </div>
      <datalist id={`${gridId}-categories`}>
        {categories.map((category) => (
          <option key={category.id} value={category.name} />
        ))}
      </datalist>
      <div className="overflow-x-auto rounded-md border border-border">
        <table
          role="grid"
          aria-label={t('grid.label')}
          aria-describedby={`${gridId}-help`}
          aria-rowcount={rows.length + 1}
          aria-colcount={GRID_COLUMNS.length + 2}
          className="w-full border-collapse text-sm"
          onPaste={onPaste}
        >
          <thead>
            <tr role="row" aria-rowindex={1} className="bg-muted/50">
              <th role="columnheader" scope="col" aria-colindex={1} className="px-2 py-1 text-start font-medium">
                <span className="sr-only">{t('grid.rowNumber')}</span>#
              </th>
              {GRID_COLUMNS.map((column, col) => (
                <th
                  key={column}
                  role="columnheader"
                  scope="col"
                  aria-colindex={col + 2}
                  className={cn('px-2 py-1 text-start font-medium whitespace-nowrap', WIDTH[column])}
                >
                  {t(`grid.columns.${column}`)}
                </th>
              ))}
              <th role="columnheader" scope="col" aria-colindex={GRID_COLUMNS.length + 2} className="px-2 py-1 text-start font-medium">
                {t('grid.rowActions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => {
              const editable = isRowEditable(row)
              return (
                <tr key={row.key} role="row" aria-rowindex={rowIndex + 2} className={cn('border-t border-border', !editable && 'bg-muted/30')}>
                  <th role="rowheader" scope="row" aria-colindex={1} className="px-2 py-1 text-start font-normal text-muted-foreground">
                    {rowIndex + 1}
                    {!editable ? <span className="block text-xs">{t(`requirementStatus.${row.status === 'new' ? 'open' : row.status}`)}</span> : null}
                  </th>
                  {GRID_COLUMNS.map((column, col) => {
                    const isActive = active.row === rowIndex && active.col === col
                    const cellErrors = errors[`rows.${rowIndex}.${column}`] ?? (column === 'title' ? errors[`rows.${rowIndex}.id`] : undefined)
                    const errorId = cellErrors ? `${gridId}-e-${rowIndex}-${col}` : undefined
                    return (
                      <td
                        key={column}
                        role="gridcell"
                        aria-colindex={col + 2}
                        aria-invalid={cellErrors ? true : undefined}
                        aria-readonly={editable ? undefined : true}
                        aria-describedby={errorId}
                        aria-selected={isActive}
                        tabIndex={isActive && !editing ? 0 : -1}
                        ref={(element) => {
                          if (element) cells.current.set(`${rowIndex}:${col}`, element)
                          else cells.current.delete(`${rowIndex}:${col}`)
                        }}
                        onKeyDown={onCellKeyDown}
                        onFocus={() => (isActive ? undefined : setActive({ row: rowIndex, col }))}
                        onClick={() => setActive({ row: rowIndex, col })}
                        onDoubleClick={() => (editable ? setEditing({ value: row.cells[column] }) : undefined)}
                        className={cn(
                          'h-9 px-2 py-1 align-top outline-none',
                          WIDTH[column],
                          isActive && 'ring-2 ring-primary ring-inset',
                          cellErrors && 'bg-destructive/10',
                        )}
                      >
                        {isActive && editing ? (
                          <input
                            // The editor takes focus the moment it appears, as in any spreadsheet.
                            autoFocus
                            aria-label={t('grid.editCell', { column: t(`grid.columns.${column}`), row: String(rowIndex + 1) })}
                            defaultValue={editing.value}
                            list={column === 'categoryId' ? `${gridId}-categories` : undefined}
                            onKeyDown={onEditorKeyDown}
                            onBlur={(event) => commitEdit(event.currentTarget.value)}
                            className="w-full bg-background px-1 outline-none"
                          />
                        ) : (
                          <span className="block truncate">{row.cells[column]}</span>
                        )}
                        {cellErrors ? (
                          <span id={errorId} className="block text-xs text-destructive">
                            {cellErrors.map((key) => t(key)).join(' ')}
                          </span>
                        ) : null}
                      </td>
                    )
                  })}
                  <td role="gridcell" aria-colindex={GRID_COLUMNS.length + 2} className="px-2 py-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={!editable}
                      onClick={() => removeRow(rowIndex)}
                      aria-label={t('grid.removeRow', { row: String(rowIndex + 1) })}
                    >
                      {t('grid.remove')}
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{t('grid.empty')}</p> : null}
      <p className="text-sm">
        <Link to={singleFormHref} className={buttonClasses('ghost', undefined, 'sm')}>
          {t('grid.singleForm')}
        </Link>
      </p>
    </div>
  )
}
