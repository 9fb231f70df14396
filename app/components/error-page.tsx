import { useTranslation } from '../platform/i18n/react'
import { Link, useParams, useRouteLoaderData } from 'react-router'
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../platform/errors'
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from '../platform/i18n/locales'
import { buttonClasses } from './ui/button'

// The error pages' texts come from the shared catalogs, which every page loads before it renders (platform/i18n/
// shared-catalogs.ts), even when the root loader failed: no copy of them travels in this module.
type Key =
  | 'errors.pageTitle'
  | 'errors.notFoundTitle'
  | 'errors.serverErrorTitle'
  | 'errors.notFoundDescription'
  | 'errors.forbiddenTitle'
  | 'errors.forbiddenDescription'
  | 'errors.unauthorizedTitle'
  | 'errors.unauthorizedDescription'
  | 'errors.requestErrorTitle'
  | 'errors.requestErrorDescription'
  | 'errors.serverErrorDescription'
  | 'errors.busyTitle'
  | 'errors.busyDescription'
  | 'errors.tryAgain'
  | 'errors.backHome'
  | 'errors.newVersionTitle'
  | 'errors.newVersionDescription'
  | 'errors.reloadPage'

/** The title and description of a status: 401, 403, 404 and 503 (busy: try again) have their own; other 4xx are the request's fault, 5xx ours. */
function wording(status: number): [Key, Key] {
  if (status === 401) return ['errors.unauthorizedTitle', 'errors.unauthorizedDescription']
  if (status === 403) return ['errors.forbiddenTitle', 'errors.forbiddenDescription']
  if (status === 404) return ['errors.notFoundTitle', 'errors.notFoundDescription']
  if (status === 503) return ['errors.busyTitle', 'errors.busyDescription']
  if (status >= 400 && status < 500) return ['errors.requestErrorTitle', 'errors.requestErrorDescription']
  return ['errors.serverErrorTitle', 'errors.serverErrorDescription']
}

/** The root loader's locale, or the address's when no loader ran (a request refused before them). */
function useHomeLocale(): Locale {
  const root = useRouteLoaderData('root') as { locale?: Locale } | undefined
  const { lang } = useParams()
  return root?.locale ?? (isLocale(lang) ? lang : DEFAULT_LOCALE)
}

/**
 * §2: status code, status message, description and a way back home. Inside a layout (which has the page's
 * `main` landmark) it is a section; on its own, when not even the root loader ran, it is the main landmark.
 */
export function ErrorPage({ status, detail, inLayout = false }: { status: number; detail?: string; inLayout?: boolean }) {
  const { t: translate } = useTranslation('common')
  const t = (key: Key, values: Record<string, unknown> = {}) => translate(key, values)
  const homeLocale = useHomeLocale()
  const [title, description] = wording(status)
  const statusMessage = t(title)
  const Container = inLayout ? 'section' : 'main'
  const busy = status === 503
  return (
    <Container
      {...(inLayout ? { 'aria-labelledby': 'error-title' } : { id: 'main' })}
      className={`mx-auto flex max-w-xl flex-col items-center justify-center gap-4 px-6 text-center ${inLayout ? 'py-16' : 'min-h-screen'}`}
    >
      <title>{t('errors.pageTitle', { status, statusMessage })}</title>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="text-2xl font-semibold">
        {statusMessage}
      </h1>
      <p className="text-muted-foreground">{t(description, { seconds: UNAVAILABLE_RETRY_AFTER_SECONDS, count: UNAVAILABLE_RETRY_AFTER_SECONDS })}</p>
      {detail ? <p className="font-mono text-sm text-muted-foreground">{detail}</p> : null}
      {busy ? (
        // A plain link to the same address: a full reload retries the page (and its loaders) from the start.
        <a href="" className={buttonClasses('secondary')}>
          {t('errors.tryAgain')}
        </a>
      ) : null}
      <Link to={localizePath(homeLocale, '/')} className={buttonClasses('primary')}>
        {t('errors.backHome')}
      </Link>
    </Container>
  )
}

/**
 * The reload guard's page (§9, `platform/reload-guard.ts`): a code chunk could not be loaded — a deploy replaced it —
 * and the page has either just reloaded for one or is reloading now. A reload from here is the person's own. On its own,
 * not in the layout: the layout may be what could not be loaded.
 */
export function NewVersionPage() {
  const { t: translate } = useTranslation('common')
  const t = (key: Key) => translate(key)
  const homeLocale = useHomeLocale()
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{t('errors.newVersionTitle')}</title>
      <h1 className="text-2xl font-semibold">{t('errors.newVersionTitle')}</h1>
      <p className="text-muted-foreground">{t('errors.newVersionDescription')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          {t('errors.reloadPage')}
        </button>
        {/* A document load, not a client-side navigation: the home page then comes with the new version's code. */}
        <a href={localizePath(homeLocale, '/')} className={buttonClasses('secondary')}>
          {t('errors.backHome')}
        </a>
      </div>
    </main>
  )
}
