import type { ComponentProps } from 'react'
import { cn } from './cn'

/**
 * Shared by every text-like control so they line up in forms: `.control` in app.css (components layer), so a utility
 * passed as `className` wins over it.
 */
export const CONTROL_CLASSES = 'control'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(CONTROL_CLASSES, className)} {...props} />
}
