import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useRootData } from '../../use-root-data'
import { cn } from '../../ui/cn'

/** The footer shared by every layout. */
export function AppFooter({ className, status }: { className?: string; status?: ReactNode }) {
  const { t } = useTranslation('common')
  const { locale } = useRootData()
  return (
    <footer className={cn('border-t border-border', className)}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        {status}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link to={localizePath(locale, '/marketing')} className="hover:text-foreground">
            {t('nav.product')}
          </Link>
          <Link to={localizePath(locale, '/sourcing')} className="hover:text-foreground">
            {t('nav.howSourcingWorks')}
          </Link>
          <Link to={localizePath(locale, '/supplier/portal')} className="hover:text-foreground">
            {t('nav.sellOnTradeport')}
          </Link>
          <Link to={localizePath(locale, '/pricing')} className="hover:text-foreground">
            {t('nav.pricing')}
          </Link>
          <Link to={localizePath(locale, '/hscode-demo')} className="hover:text-foreground">
            {t('footer.hsLookup')}
          </Link>
          <a href="/api/docs" className="hover:text-foreground">
            {t('footer.apiDocs')}
          </a>
        </div>
      </div>
    </footer>
  )
}
