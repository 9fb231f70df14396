import type { ComponentProps } from 'react'
import { cn } from './cn'

type TableProps = ComponentProps<'table'> & {
  /**
   * Below the `sm` breakpoint, show each body row as a card: a cell with a `label` becomes a "label — value" line, a
   * cell without one (the row's title, its actions) a full-width line. Otherwise the table scrolls sideways in its box.
   */
  stackOnPhone?: boolean
}

/**
 * A semantic table that never widens the page: on a phone it stacks into cards, or scrolls sideways inside its box. The
 * look of its rows and cells is set once on the table (`.data-table` in app.css) rather than on each of its hundreds of
 * cells; a cell's own utility classes still win, as utilities come after components.
 */
export function Table({ className, stackOnPhone = false, ...props }: TableProps) {
  return (
    <div className={cn('relative w-full overflow-x-auto', stackOnPhone && 'table-stack')}>
      <table className={cn('data-table w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  )
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={className} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={className} {...props} />
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return <tfoot className={cn('border-t border-border bg-muted/50 font-medium', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={className} {...props} />
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={className} {...props} />
}

/** `label` names the value when a `stackOnPhone` table shows the row as a card (usually the column's header text). */
export function TableCell({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return <td data-label={label} className={className} {...props} />
}
