import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'
import { SpriteIcon } from './sprite-icon'
import type { SpriteIconName } from './sprite-icons'

type EmptyStateProps = {
  /** A sprite icon's name, or a Lucide component on pages that load Lucide anyway. */
  icon?: SpriteIconName | LucideIcon
  /** Defaults to the translated "Nothing here yet." */
  title?: ReactNode
  description?: ReactNode
  /** Usually the button or link that creates the first item. */
  action?: ReactNode
  className?: string
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  const { t } = useTranslation('ui')
  return (
    <div className={cn('flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-6 py-10 text-center', className)}>
      {Icon ? (
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          {typeof Icon === 'string' ? <SpriteIcon name={Icon} className="size-6" /> : <Icon aria-hidden="true" className="size-6" />}
        </span>
      ) : null}
      <p className="font-semibold text-foreground">{title ?? t('noData')}</p>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  )
}
