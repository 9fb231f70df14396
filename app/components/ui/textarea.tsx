import type { ComponentProps } from 'react'
import { cn } from './cn'
import { CONTROL_CLASSES } from './input'

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(CONTROL_CLASSES, 'min-h-20 resize-y', className)} {...props} />
}
