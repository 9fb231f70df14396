import { useEffect } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../components/form-error'
import { AnnoTitle } from '../../components/layouts/anno-layout'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Field } from '../../components/ui/field'
import { emitAuthEvent, PASSWORD_MIN_LENGTH, UpdatePasswordInput } from '../../modules/identity/index'
import { resetPasswordWithToken } from '../../modules/identity/index.server'
import { failure, failureFromError, parseForm } from '../../platform/forms.server'
import { localizePath } from '../../platform/i18n/locales'
import { routeLocale, useRootData } from '../route-helpers'
import type { RouteHandle } from '../../platform/ui/route-handle'
import { pageData } from '../page-data.server'
import type { Route } from './+types/update-password'

export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { ...pageData(routeLocale(params), 'identity', 'updatePassword.metaTitle'), token }
}

export const handle: RouteHandle = { layout: 'anno' }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
]

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = parseForm(UpdatePasswordInput, await request.formData())
  if (!parsed.ok) return failure(parsed)
  try {
    await resetPasswordWithToken(parsed.data.token, parsed.data.password)
  } catch (error) {
    return failureFromError(error)
  }
  return redirect(`${localizePath(routeLocale(params), '/login')}?updated=1`)
}

export default function UpdatePassword() {
  const { t } = useTranslation('identity')
  const { locale, session } = useRootData()
  const { token } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ fieldErrors?: Record<string, string[]>; formError?: { code: string; message: string; reasons?: string[] } }>()
  const fieldError = useFieldErrors(actionData?.fieldErrors)
  const navigation = useNavigation()

  useEffect(() => {
    if (token) emitAuthEvent('PASSWORD_RECOVERY', session)
  }, [token, session])

  return (
    <>
      <AnnoTitle>{t('updatePassword.title')}</AnnoTitle>
      {token && actionData?.formError?.code !== 'invalid_token' ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-muted-foreground">{t('updatePassword.body')}</p>
          <FormError error={actionData?.formError} />
          <input type="hidden" name="token" value={token} />
          <Field
            label={t('updatePassword.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            hint={t('login.newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            errors={fieldError('password')}
          />
          <Field
            label={t('updatePassword.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            errors={fieldError('confirmPassword')}
          />
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {t('updatePassword.submit')}
          </Button>
        </Form>
      ) : (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{t('updatePassword.missingToken')}</Alert>
          <Link className="text-sm text-primary underline" to={`${localizePath(locale, '/login')}?mode=recovery`}>
            {t('updatePassword.requestNew')}
          </Link>
        </div>
      )}
    </>
  )
}
