import { useTranslation } from '../platform/i18n/react'
import { Link, useRouteLoaderData } from 'react-router'
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../platform/errors'
import { DEFAULT_LOCALE, type Locale, localizePath } from '../platform/i18n/locales'
import { buttonClasses } from './ui/button'

// When even the root loader failed, no catalog reached the browser: the page still reads in English.
const FALLBACK = {
  'errors.pageTitle': '{{status}} {{statusMessage}}',
  'errors.notFoundTitle': 'Page Not Found',
  'errors.serverErrorTitle': 'Internal Server Error',
  'errors.notFoundDescription': 'The page you are looking for does not exist or has moved.',
  'errors.serverErrorDescription': 'Something went wrong on our side. Please try again in a moment.',
  'errors.busyTitle': 'Service Busy',
  'errors.busyDescription': 'We are handling more requests than we can right now, or the database is briefly out of reach. Please try again in {{seconds}} seconds.',
  'errors.tryAgain': 'Try again',
  'errors.backHome': 'Back to the home page',
} as const

/** §2: status code, status message, description and a way back home. 404, 503 (busy: try again) and everything else differ. */
export function ErrorPage({ status, detail }: { status: number; detail?: string }) {
  const { t: translate } = useTranslation('common')
  const t = (key: keyof typeof FALLBACK, values: Record<string, unknown> = {}) => translate(key, { ...values, defaultValue: FALLBACK[key] })
  const root = useRouteLoaderData('root') as { locale?: Locale } | undefined
  const notFound = status === 404
  const busy = status === 503
  const statusMessage = notFound ? t('errors.notFoundTitle') : busy ? t('errors.busyTitle') : t('errors.serverErrorTitle')
  const description = notFound ? t('errors.notFoundDescription') : busy ? t('errors.busyDescription', { seconds: UNAVAILABLE_RETRY_AFTER_SECONDS }) : t('errors.serverErrorDescription')
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{t('errors.pageTitle', { status, statusMessage })}</title>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">{statusMessage}</h1>
      <p className="text-muted-foreground">{description}</p>
      {detail ? <p className="font-mono text-sm text-muted-foreground">{detail}</p> : null}
      {busy ? (
        // A plain link to the same address: a full reload retries the page (and its loaders) from the start.
        <a href="" className={buttonClasses('secondary')}>
          {t('errors.tryAgain')}
        </a>
      ) : null}
      <Link to={localizePath(root?.locale ?? DEFAULT_LOCALE, '/')} className={buttonClasses('primary')}>
        {t('errors.backHome')}
      </Link>
    </main>
  )
}
