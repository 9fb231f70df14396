import type { ComponentProps } from 'react'
import { cn } from './cn'

/**
 * A form label (`.field-label` in app.css). A double click on its text does not select the text, as on a native
 * control's label (Radix's rule).
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('field-label', className)}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}
