import type { ComponentProps } from 'react'
import { cn } from './cn'

/** A placeholder block while content loads; hidden from assistive technology, which hears aria-busy instead. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />
}
