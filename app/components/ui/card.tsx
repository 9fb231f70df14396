import type { ReactNode } from 'react'
import { cn } from './cn'

export function Card({ children, className, as: Tag = 'section', ...rest }: { children: ReactNode; className?: string; as?: 'section' | 'div' | 'article'; 'aria-labelledby'?: string }) {
  return (
    <Tag className={cn('rounded-lg border border-zinc-200 bg-white p-6 shadow-sm', className)} {...rest}>
      {children}
    </Tag>
  )
}
