import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from './ui/cn'

/** "← Back to …" above a detail page; the arrow points against the reading direction (right in right-to-left pages). */
export function BackLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={cn('inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline', className)}>
      <ArrowLeft aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
      {children}
    </Link>
  )
}
