import { numberFormatOf } from '../../platform/format/formatter'
import {
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Header,
  type PaginationState,
  type SortingState,
  type Table as TanStackTable,
  useReactTable,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Button } from './button'
import { cn } from './cn'
import { Input } from './input'
import { Label } from './label'
import { paginationRange } from './pagination-range'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select'
import { Skeleton } from './skeleton'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './table'

export const DATA_TABLE_PAGE_SIZES = [10, 20, 50, 100] as const
const SKELETON_ROW_COUNT = 5

type DataTableProps<TData, TValue> = {
  columns: ColumnDef<TData, TValue>[]
  data: TData[]
  /** Names the table for assistive technology (rendered as a visually hidden caption). */
  label: string
  loading?: boolean
  /** Shown in place of the rows when they could not be loaded. */
  error?: ReactNode
  emptyMessage?: ReactNode
  initialPageSize?: (typeof DATA_TABLE_PAGE_SIZES)[number]
  getRowId?: (row: TData, index: number) => string
}

/** A client-side data grid: sortable headers, one text filter over every column, pagination, and loading, error and empty states. */
export function DataTable<TData, TValue>({
  columns,
  data,
  label,
  loading = false,
  error,
  emptyMessage,
  initialPageSize = 10,
  getRowId,
}: DataTableProps<TData, TValue>) {
  const { t } = useTranslation('ui')
  const filterId = useId()
  const [sorting, setSorting] = useState<SortingState>([])
  const [globalFilter, setGlobalFilter] = useState('')
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize })
  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: { sorting, globalFilter, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  })
  const columnCount = table.getVisibleLeafColumns().length
  const rows = table.getRowModel().rows

  return (
    <div className="flex flex-col gap-3">
      <div>
        <Label htmlFor={filterId} className="sr-only">
          {t('dataTable.filterLabel')}
        </Label>
        <Input
          id={filterId}
          type="search"
          value={globalFilter}
          onChange={(event) => setGlobalFilter(event.target.value)}
          placeholder={t('dataTable.filterPlaceholder')}
          className="max-w-xs"
        />
      </div>
      <div className="rounded-md border border-border">
        <Table aria-busy={loading || undefined} stackOnPhone>
          <TableCaption className="sr-only">{label}</TableCaption>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {loading ? (
              <SkeletonRows columnCount={columnCount} />
            ) : error ? (
              <MessageRow columnCount={columnCount} className="text-destructive">
                <div role="alert">{error}</div>
              </MessageRow>
            ) : rows.length ? (
              rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id} label={phoneLabel(cell.column)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <MessageRow columnCount={columnCount}>{globalFilter ? t('dataTable.noMatches') : (emptyMessage ?? t('noData'))}</MessageRow>
            )}
          </TableBody>
        </Table>
      </div>
      <PaginationBar table={table} loading={loading} />
    </div>
  )
}

/** A column with a text header names its values on a phone; one with a rendered header (e.g. actions) does not. */
function phoneLabel<TData>(column: Column<TData>): string | undefined {
  const header = column.columnDef.header
  return typeof header === 'string' ? header : undefined
}

function ariaSort<TData>(column: Column<TData>): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.getCanSort()) return undefined
  const direction = column.getIsSorted()
  if (direction === 'asc') return 'ascending'
  if (direction === 'desc') return 'descending'
  return 'none'
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (direction === 'asc') return <ArrowUp aria-hidden="true" className="size-3.5" />
  if (direction === 'desc') return <ArrowDown aria-hidden="true" className="size-3.5" />
  return <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />
}

/** A sortable column's header is a button; aria-sort on the cell tells screen readers the current order. */
function HeaderCell<TData>({ header }: { header: Header<TData, unknown> }) {
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())
  return (
    <TableHead colSpan={header.colSpan} aria-sort={ariaSort(header.column)}>
      {header.column.getCanSort() && !header.isPlaceholder ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className="-ms-2 inline-flex items-center gap-1 rounded-sm px-2 py-1 hover:bg-muted hover:text-foreground"
        >
          {content}
          <SortIcon direction={header.column.getIsSorted()} />
        </button>
      ) : (
        content
      )}
    </TableHead>
  )
}

function SkeletonRows({ columnCount }: { columnCount: number }) {
  return Array.from({ length: SKELETON_ROW_COUNT }, (_, row) => (
    <TableRow key={row} className="hover:bg-transparent">
      {Array.from({ length: columnCount }, (_, cell) => (
        <TableCell key={cell}>
          <Skeleton className="h-4 w-full" />
        </TableCell>
      ))}
    </TableRow>
  ))
}

function MessageRow({ columnCount, className, children }: { columnCount: number; className?: string; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columnCount} className={cn('h-24 text-center text-muted-foreground', className)}>
        {children}
      </TableCell>
    </TableRow>
  )
}

function PaginationBar<TData>({ table, loading }: { table: TanStackTable<TData>; loading: boolean }) {
  const { t, i18n } = useTranslation('ui')
  const pageSizeId = useId()
  const number = numberFormatOf(i18n.language)
  const { pageIndex, pageSize } = table.getState().pagination
  const total = table.getRowCount()
  const { from, to } = paginationRange({ offset: pageIndex * pageSize, limit: pageSize, total })
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        {loading ? t('loading') : t('pagination.range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <Label htmlFor={pageSizeId} className="font-normal">
            {t('dataTable.rowsPerPage')}
          </Label>
          <Select value={String(pageSize)} onValueChange={(size) => table.setPageSize(Number(size))}>
            <SelectTrigger id={pageSizeId} className="w-20">
              <SelectValue>{number.format(pageSize)}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {DATA_TABLE_PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {number.format(size)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
            {t('pagination.previous')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            {t('pagination.next')}
            <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
          </Button>
        </div>
      </div>
    </nav>
  )
}
