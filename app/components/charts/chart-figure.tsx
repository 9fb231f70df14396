// The frame of a chart: its title, the drawing (hidden from assistive technology), and the same figures as a
// table behind "Show as a table" for everyone. The drawing is made in the browser only: Recharts measures its box, so on
// the server it would render an empty wrapper at the cost of a chart store per chart; the box keeps its height meanwhile.
import { type ReactNode, Suspense } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { useHydrated } from '../use-hydrated'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table'

/** A chart's frame: its title (and a line on how to read it), the drawing, and the same figures as a table behind a disclosure. */
export function ChartFigure({
  id,
  title,
  description,
  children,
  table,
  empty,
  emptyText,
  height = 'h-60',
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
  table: ReactNode
  empty: boolean
  emptyText?: string
  height?: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  return (
    <figure
      aria-labelledby={id}
      aria-describedby={description ? `${id}-description` : undefined}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <figcaption id={id} className="text-sm font-semibold">
        {title}
      </figcaption>
      {description ? (
        <p id={`${id}-description`} className="-mt-2 text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {empty ? (
        <p className="flex h-24 items-center justify-center rounded-md border border-dashed border-border text-sm text-muted-foreground">
          {emptyText ?? t('chart.noData')}
        </p>
      ) : (
        <>
          <div aria-hidden="true" className={`${height} w-full min-w-0`} data-chart={id}>
            {hydrated ? <Suspense fallback={null}>{children}</Suspense> : null}
          </div>
          <details className="text-sm">
            <summary className="w-fit cursor-pointer rounded text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              {t('chart.showTable')}
            </summary>
            <div className="mt-2 overflow-x-auto">{table}</div>
          </details>
        </>
      )}
    </figure>
  )
}

/** The table alternative: a header row and text cells (numbers right-aligned); on a phone each row is a labelled card, so nothing scrolls sideways. */
export function FigureTable({ caption, columns, rows }: { caption: string; columns: Array<{ label: string; numeric?: boolean }>; rows: string[][] }) {
  return (
    <div className="overflow-x-auto">
      <Table aria-label={caption} stackOnPhone>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.label} scope="col" className={column.numeric ? 'text-end' : undefined}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${row[0]}-${index}`}>
              {row.map((cell, cellIndex) => (
                <TableCell
                  key={`${columns[cellIndex]?.label}`}
                  label={cellIndex === 0 ? undefined : columns[cellIndex]?.label}
                  className={columns[cellIndex]?.numeric ? 'text-end tabular-nums' : undefined}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
