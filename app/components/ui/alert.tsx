import type { ReactNode } from 'react'
import { cn } from './cn'
import { SpriteIcon } from './sprite-icon'

const TONES = {
  info: { classes: 'border-info/40 bg-info/10 [&>svg]:text-info', icon: 'info' },
  success: { classes: 'border-success/40 bg-success/10 [&>svg]:text-success', icon: 'circle-check' },
  warning: { classes: 'border-warning/40 bg-warning/10 [&>svg]:text-warning', icon: 'triangle-exclamation-point' },
  error: { classes: 'border-destructive/40 bg-destructive/10 [&>svg]:text-destructive', icon: 'circle-exclamation-point' },
} as const

export type AlertTone = keyof typeof TONES

export function Alert({ tone = 'info', title, children, className }: { tone?: AlertTone; title?: string; children?: ReactNode; className?: string }) {
  const { classes, icon } = TONES[tone]
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-md border px-4 py-3 text-sm text-foreground', classes, className)}>
      <SpriteIcon name={icon} className="mt-0.5" />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
      </div>
    </div>
  )
}
