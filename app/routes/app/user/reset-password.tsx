import { useTranslation } from '../../../platform/i18n/react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { FormError } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { requestPasswordRecovery } from '../../../modules/identity/index.server'
import { failure, failureFromError } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { translator } from '../../../platform/i18n/translate.server'
import { requireSession, routeLocale, useRootData } from '../../route-helpers'
import { pageData } from '../../page-data.server'
import type { Route } from './+types/reset-password'

export async function loader({ params }: Route.LoaderArgs) {
  return pageData(routeLocale(params), 'identity', 'resetPassword.metaTitle')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** Sends a recovery mail to the signed-in user's own address; the address never comes from the form. */
export async function action({ context, params }: Route.ActionArgs) {
  const session = requireSession(context)
  if (!session.user.email) {
    return failure(
      { ok: false, fieldErrors: {}, formError: { code: 'bad_request', message: translator(routeLocale(params), 'identity')('resetPassword.noEmail') } },
      400,
    )
  }
  try {
    await requestPasswordRecovery(session.user.email)
    return { ok: true as const }
  } catch (error) {
    return failureFromError(error)
  }
}

export default function ResetPassword() {
  const { t } = useTranslation('identity')
  const { locale, session } = useRootData()
  const actionData = useActionData<{ ok: boolean; formError?: { code: string; message: string } }>()
  const navigation = useNavigation()
  const email = session?.user.email
  return (
    <Card aria-labelledby="page-title">
      <h1 id="page-title" className="mb-2 text-xl font-semibold">
        {t('resetPassword.title')}
      </h1>
      {!email ? (
        <div className="flex flex-col gap-3">
          <Alert tone="info">{t('resetPassword.noEmail')}</Alert>
          <Link className="text-sm text-primary underline" to={localizePath(locale, '/app/user/change-password')}>
            {t('resetPassword.changeInstead')}
          </Link>
        </div>
      ) : actionData?.ok ? (
        <Alert tone="success">{t('resetPassword.sent', { email })}</Alert>
      ) : (
        <Form method="post" className="flex flex-col items-start gap-4">
          <p className="text-sm text-muted-foreground">{t('resetPassword.body', { email })}</p>
          <FormError error={actionData?.formError} />
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {t('resetPassword.submit')}
          </Button>
        </Form>
      )}
    </Card>
  )
}
