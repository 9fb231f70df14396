import type { ComponentProps } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'

// The shape is the `badge` component class (app.css): one word in every badge's markup instead of eleven.
const VARIANTS = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-muted text-foreground',
  outline: 'border-border text-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
  pending: 'border-status-pending/30 bg-status-pending-bg text-status-pending',
  reject: 'border-status-reject/30 bg-status-reject-bg text-status-reject',
  accept: 'border-status-accept/30 bg-status-accept-bg text-status-accept',
}

export type BadgeVariant = keyof typeof VARIANTS

type BadgeProps = ComponentProps<'span'> & { variant?: BadgeVariant }

/** A short label. The review statuses (§1: pending, reject, accept) read their translated name unless children are given. */
export function Badge({ variant = 'default', className, children, ...props }: BadgeProps) {
  const { t } = useTranslation('ui')
  const statusLabels: Partial<Record<BadgeVariant, string>> = {
    pending: t('status.pending'),
    reject: t('status.reject'),
    accept: t('status.accept'),
  }
  return (
    <span className={cn('badge', VARIANTS[variant], className)} {...props}>
      {children ?? statusLabels[variant]}
    </span>
  )
}
