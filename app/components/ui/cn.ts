import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names, skipping falsy ones; a later Tailwind class wins over a conflicting earlier one. */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes))
}
