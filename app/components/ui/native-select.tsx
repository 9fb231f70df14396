import type { ComponentProps } from 'react'
import { cn } from './cn'
import { CONTROL_CLASSES } from './input'

/** A styled native <select>: submits with plain forms, works without JavaScript, suits long lists. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(CONTROL_CLASSES, 'h-9 py-1.5', className)} {...props} />
}
