import type { ReactNode } from 'react'
import { useTranslation } from '../../../platform/i18n/react'
import { cn } from '../../ui/cn'

/** The footer shared by every layout. */
export function AppFooter({ className, status }: { className?: string; status?: ReactNode }) {
  const { t } = useTranslation('common')
  return (
    <footer className={cn('border-t border-border', className)}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        {status}
        <a href="/api/docs" className="hover:text-foreground">
          {t('footer.apiDocs')}
        </a>
      </div>
    </footer>
  )
}
