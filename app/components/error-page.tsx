import { useTranslation } from '../platform/i18n/react'
import { Link, useRouteLoaderData } from 'react-router'
import { DEFAULT_LOCALE, type Locale, localizePath } from '../platform/i18n/locales'
import { buttonClasses } from './ui/button'

/** §2: status code, status message, description and a way back home. 404 and everything else differ. */
export function ErrorPage({ status, detail }: { status: number; detail?: string }) {
  const { t } = useTranslation('common')
  const root = useRouteLoaderData('root') as { locale?: Locale } | undefined
  const notFound = status === 404
  const statusMessage = notFound ? t('errors.notFoundTitle') : t('errors.serverErrorTitle')
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{t('errors.pageTitle', { status, statusMessage })}</title>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">{statusMessage}</h1>
      <p className="text-muted-foreground">{notFound ? t('errors.notFoundDescription') : t('errors.serverErrorDescription')}</p>
      {detail ? <p className="font-mono text-sm text-muted-foreground">{detail}</p> : null}
      <Link to={localizePath(root?.locale ?? DEFAULT_LOCALE, '/')} className={buttonClasses('primary')}>
        {t('errors.backHome')}
      </Link>
    </main>
  )
}
