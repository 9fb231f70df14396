import { useTranslation } from '../../platform/i18n/react'
import { Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import { FormError, useFieldErrors } from '../../components/form-error'
import { AnnoTitle } from '../../components/layouts/anno-layout'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Field } from '../../components/ui/field'
import { RecoveryRequestInput } from '../../modules/identity/index'
import { resendVerificationEmail, verifyEmailToken } from '../../modules/identity/index.server'
import { failure, failureFromError, parseForm } from '../../platform/forms.server'
import { localizePath } from '../../platform/i18n/locales'
import { cookieHeaders, routeLocale, useRootData } from '../route-helpers'
import type { RouteHandle } from '../../platform/ui/route-handle'
import { pageData } from '../page-data.server'
import type { Route } from './+types/confirm'
import { PAGE_MESSAGES } from '../page-messages'

/** The auth callback: completes an email confirmation from its link, signs in and moves on. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  const page = pageData(locale, 'identity', 'confirm.metaTitle', PAGE_MESSAGES.confirmEmail)
  if (!token || url.searchParams.get('type') !== 'email') return { ...page, problem: 'missing' as const }
  try {
    const { setCookies } = await verifyEmailToken(token, request.headers)
    return redirect(localizePath(locale, '/app/dashboard'), { headers: cookieHeaders(setCookies) })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'invalid_token' || code === 'bad_request' || code === 'session_missing' || code === 'validation_failed')
      return { ...page, problem: 'failed' as const }
    throw error
  }
}

export const handle: RouteHandle = { layout: 'anno' }

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(RecoveryRequestInput, await request.formData())
  if (!parsed.ok) return failure(parsed)
  try {
    await resendVerificationEmail(parsed.data.email)
    return { ok: true as const }
  } catch (error) {
    return failureFromError(error)
  }
}

export default function Confirm() {
  const { t } = useTranslation('identity')
  const { locale } = useRootData()
  const { problem } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ ok: boolean; fieldErrors?: Record<string, string[]>; formError?: { code: string; message: string } }>()
  const fieldError = useFieldErrors(actionData?.ok ? undefined : actionData?.fieldErrors)
  return (
    <>
      <AnnoTitle>{t('confirm.title')}</AnnoTitle>
      <div className="flex flex-col gap-4">
        <Alert tone="error">{problem === 'missing' ? t('confirm.missing') : t('confirm.failed')}</Alert>
        {actionData?.ok ? (
          <Alert tone="success">{t('confirm.resent')}</Alert>
        ) : (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <FormError error={actionData?.formError} />
            <Field label={t('login.email')} name="email" type="email" autoComplete="email" required errors={fieldError('email')} />
            <Button type="submit">{t('confirm.resend')}</Button>
          </Form>
        )}
        <Link className="text-sm text-primary underline" to={localizePath(locale, '/login')}>
          {t('confirm.goToSignIn')}
        </Link>
      </div>
    </>
  )
}
