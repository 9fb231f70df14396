import type { ReactNode } from 'react'
import { cn } from '../ui/cn'

type PageHeaderProps = {
  title: ReactNode
  description?: ReactNode
  /** The page's own actions (create, import, mark all read…), at the end of the title row; they wrap below it on a phone. */
  actions?: ReactNode
}

/** The head of an app page: its one `h1`, a line on what the page is for, and the page's actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  )
}

/**
 * An app page: a header and the blocks below it (notices, filters, results), a steady gap apart. Pages that list
 * records put their rows in `ListResults`.
 */
export function AppPage({ children, ...header }: PageHeaderProps & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader {...header} />
      {children}
    </div>
  )
}

type ListResultsProps = {
  /** The id of the section's heading, which names the section for assistive technology. */
  id: string
  /** What the rows are ("Products", "Users"): read by screen readers, not shown. */
  label: string
  /** How many rows the filters found, announced when it changes. */
  count?: ReactNode
  /** Pagination, below the rows. */
  pagination?: ReactNode
  className?: string
  children: ReactNode
}

/** The results of a list page: a labelled section with the count (announced politely), the rows, then the pages. */
export function ListResults({ id, label, count, pagination, className, children }: ListResultsProps) {
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-3', className)}>
      <h2 id={id} className="sr-only">
        {label}
      </h2>
      {count === undefined ? null : (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {count}
        </p>
      )}
      {children}
      {pagination}
    </section>
  )
}
