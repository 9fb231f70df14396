import type { ComponentProps } from 'react'
import { cn } from './cn'

/** Shared by every text-like control so they line up in forms. */
export const CONTROL_CLASSES =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-sm placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input type={type} className={cn(CONTROL_CLASSES, 'file:me-3 file:border-0 file:bg-transparent file:text-sm file:font-medium', className)} {...props} />
  )
}
