import type { ComponentProps, HTMLAttributes } from 'react'
import { cn } from './cn'

type CardProps = HTMLAttributes<HTMLElement> & { as?: 'section' | 'div' | 'article' }

/** A bordered surface. As a <section> or <article>, point aria-labelledby at its title so it is a named region. */
export function Card({ className, as: Tag = 'section', ...props }: CardProps) {
  return <Tag className={cn('min-w-0 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm', className)} {...props} />
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-4 flex flex-col gap-1.5', className)} {...props} />
}

type CardTitleProps = ComponentProps<'h2'> & { as?: 'h1' | 'h2' | 'h3' | 'h4' }

/** A heading at the level that fits the page outline (h2 by default). */
export function CardTitle({ className, as: Tag = 'h2', ...props }: CardTitleProps) {
  return <Tag className={cn('text-lg leading-tight font-semibold', className)} {...props} />
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-sm', className)} {...props} />
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex items-center gap-2', className)} {...props} />
}
