import { useTranslation } from '../../../platform/i18n/react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { ChangePasswordInput, PASSWORD_MIN_LENGTH } from '../../../modules/identity/index'
import { changePassword } from '../../../modules/identity/index.server'
import { failure, failureFromError, parseForm } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { cookieHeaders, routeLocale, useRootData } from '../../route-helpers'
import { pageData } from '../../page-data.server'
import type { Route } from './+types/change-password'

export async function loader({ params }: Route.LoaderArgs) {
  return pageData(routeLocale(params), 'identity', 'changePassword.metaTitle')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(ChangePasswordInput, await request.formData(), ['revokeOtherSessions'])
  if (!parsed.ok) return failure(parsed)
  try {
    const { setCookies } = await changePassword(
      { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password, revokeOtherSessions: parsed.data.revokeOtherSessions },
      request.headers,
    )
    return Response.json({ ok: true }, { headers: cookieHeaders(setCookies) })
  } catch (error) {
    return failureFromError(error)
  }
}

export default function ChangePassword() {
  const { t } = useTranslation('identity')
  const { locale } = useRootData()
  const actionData = useActionData<{ ok: boolean; fieldErrors?: Record<string, string[]>; formError?: { code: string; message: string; reasons?: string[] } }>()
  const fieldError = useFieldErrors(actionData?.ok ? undefined : actionData?.fieldErrors)
  const navigation = useNavigation()
  return (
    <Card aria-labelledby="page-title">
      <h1 id="page-title" className="mb-2 text-xl font-semibold">
        {t('changePassword.title')}
      </h1>
      <p className="mb-4 text-sm text-muted-foreground">{t('changePassword.body')}</p>
      {actionData?.ok ? (
        <Alert tone="success" className="mb-4">
          {t('changePassword.done')}
        </Alert>
      ) : null}
      <Form method="post" className="flex max-w-md flex-col gap-4" noValidate key={actionData?.ok ? 'done' : 'form'}>
        <FormError error={actionData?.ok ? undefined : actionData?.formError} />
        <Field
          label={t('changePassword.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          errors={fieldError('currentPassword')}
        />
        <Field
          label={t('changePassword.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('login.newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
          errors={fieldError('password')}
        />
        <Field
          label={t('changePassword.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          errors={fieldError('confirmPassword')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="revokeOtherSessions" defaultChecked className="size-4" />
          {t('changePassword.revokeOthers')}
        </label>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {t('changePassword.submit')}
          </Button>
          <Link className="text-sm text-primary underline" to={localizePath(locale, '/app/user/reset-password')}>
            {t('login.forgotPassword')}
          </Link>
        </div>
      </Form>
    </Card>
  )
}
