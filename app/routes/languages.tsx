import { data, Form, redirect, useActionData, useLocation } from 'react-router'
import { Alert } from '../components/ui/alert'
import { Card } from '../components/ui/card'
import { actorFromClientSession, clientSessionContext } from '../modules/identity/index'
import { setInterfaceLocalePreference } from '../modules/identity/index.server'
import { safeRedirectTarget } from '../platform/auth-guard'
import { env } from '../platform/env.server'
import { serverCookie } from '../platform/http/cookies'
import { INTERFACE_LOCALE_COOKIE, INTERFACE_LOCALE_ENTRIES, INTERFACE_LOCALES, isInterfaceLocale } from '../platform/i18n/interface-locales'
import { LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_ENTRIES, localizePath } from '../platform/i18n/locales'
import { useTranslation } from '../platform/i18n/react'
import { cn } from '../components/ui/cn'
import { pageData } from './page-data.server'
import { PAGE_MESSAGES } from './page-messages'
import { routeLocale, useRootData } from './route-helpers'
import type { Route } from './+types/languages'

/** The value that clears the choice: the product language's own interface applies again. */
const AUTO = 'auto'

export async function loader({ params }: Route.LoaderArgs) {
  return pageData(routeLocale(params), 'identity', 'languagesPage.metaTitle', PAGE_MESSAGES.languages)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/**
 * Chooses the interface language (issue 26): a signed-in user's goes to their preferences, a visitor's to a cookie
 * (a year, like the language cookie); then back to the page they came from, or here. Anything else is refused (400).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData()
  const chosen = form.get('interfaceLocale')
  if (chosen !== AUTO && !isInterfaceLocale(chosen)) return data({ error: 'invalid' as const }, { status: 400 })
  const interfaceLocale = chosen === AUTO ? null : chosen
  const session = context.get(clientSessionContext)
  if (session) await setInterfaceLocalePreference({ actor: actorFromClientSession(session), locale: routeLocale(params), requestId: '' }, interfaceLocale)
  const cookie = serverCookie(INTERFACE_LOCALE_COOKIE, interfaceLocale ?? '', {
    maxAge: interfaceLocale ? LOCALE_COOKIE_MAX_AGE_SECONDS : 0,
    secure: env().isHttps,
  })
  const back = safeRedirectTarget(String(form.get('redirectTo') ?? '')) ?? localizePath(routeLocale(params), '/languages')
  return redirect(back, { headers: { 'set-cookie': cookie } })
}

export default function LanguagesPage() {
  const { t } = useTranslation('identity')
  const { locale, interfaceLocale } = useRootData()
  const location = useLocation()
  const refused = useActionData<typeof action>()?.error === 'invalid'
  const redirectTo = new URLSearchParams(location.search).get('back') ?? ''
  const productLanguage = LOCALE_ENTRIES[locale].nativeName
  const option = (value: string, label: string, current: boolean, lang?: string) => (
    <li key={value}>
      <button
        type="submit"
        name="interfaceLocale"
        value={value}
        lang={lang}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-start text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          current && 'border-primary bg-accent font-medium',
        )}
      >
        <span>{label}</span>
        {current ? <span className="text-xs text-muted-foreground">{t('languagesPage.current')}</span> : null}
      </button>
    </li>
  )
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <Card aria-labelledby="page-title">
        <h1 id="page-title" className="mb-2 text-2xl font-semibold">
          {t('languagesPage.title')}
        </h1>
        <p className="mb-2 text-muted-foreground">{t('languagesPage.body', { language: productLanguage })}</p>
        <p className="mb-6 text-sm text-muted-foreground">{t('languagesPage.savedHint')}</p>
        {refused ? (
          <Alert tone="error" className="mb-4">
            {t('languagesPage.invalid')}
          </Alert>
        ) : null}
        <Form method="post">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <ul aria-label={t('languagesPage.listLabel')} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {option(AUTO, t('languagesPage.auto', { language: productLanguage }), interfaceLocale === null)}
            {INTERFACE_LOCALES.map((code) => {
              const entry = INTERFACE_LOCALE_ENTRIES[code]
              return option(code, entry.nativeName, interfaceLocale === code, entry.tag)
            })}
          </ul>
        </Form>
      </Card>
    </div>
  )
}
