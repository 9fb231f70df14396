import { useTranslation } from '../../../platform/i18n/react'
import { Form, useActionData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { PhoneCodeInput } from '../../../modules/identity/index'
import { resendVerificationEmail, sendPhoneVerificationCode, verifyPhoneCode } from '../../../modules/identity/index.server'
import { failure, failureFromError, parseForm } from '../../../platform/forms.server'
import { cookieHeaders, requireSession, routeLocale, useRootData } from '../../route-helpers'
import { pageData } from '../../page-data.server'
import type { Route } from './+types/verify'

export async function loader({ params }: Route.LoaderArgs) {
  return pageData(routeLocale(params), 'identity', 'verify.metaTitle')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type ActionData = {
  ok: boolean
  done?: 'email_resent' | 'sms_resent' | 'phone_verified'
  fieldErrors?: Record<string, string[]>
  formError?: { code: string; message: string }
}

/** The signed-in user's own email and phone are the only ones this page acts on. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireSession(context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'resend-email' && user.email && !user.emailVerified) {
      await resendVerificationEmail(user.email)
      return { ok: true, done: 'email_resent' } satisfies ActionData
    }
    if (intent === 'resend-sms' && user.phoneNumber && !user.phoneNumberVerified) {
      await sendPhoneVerificationCode(user.phoneNumber)
      return { ok: true, done: 'sms_resent' } satisfies ActionData
    }
    if (intent === 'verify-phone' && user.phoneNumber && !user.phoneNumberVerified) {
      const parsed = parseForm(PhoneCodeInput, form)
      if (!parsed.ok) return failure(parsed)
      const { setCookies } = await verifyPhoneCode(user.phoneNumber, parsed.data.code, request.headers)
      return Response.json({ ok: true, done: 'phone_verified' } satisfies ActionData, { headers: cookieHeaders(setCookies) })
    }
    return failure({ ok: false, fieldErrors: {} }, 409)
  } catch (error) {
    return failureFromError(error)
  }
}

export default function Verify() {
  const { t } = useTranslation('identity')
  const { session } = useRootData()
  const actionData = useActionData<ActionData>()
  const fieldError = useFieldErrors(actionData?.ok ? undefined : actionData?.fieldErrors)
  const navigation = useNavigation()
  if (!session) return null
  const { user } = session
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('verify.title')}</h1>
      <FormError error={actionData?.ok ? undefined : actionData?.formError} />
      {user.email ? (
        <Card aria-labelledby="email-title">
          <h2 id="email-title" className="mb-2 text-lg font-semibold">
            {t('verify.emailTitle')}
          </h2>
          {user.emailVerified ? (
            <p className="text-sm">✓ {t('verify.emailDone', { email: user.email })}</p>
          ) : (
            <Form method="post" className="flex flex-col items-start gap-3">
              <p className="text-sm text-muted-foreground">{t('verify.emailPending', { email: user.email })}</p>
              {actionData?.done === 'email_resent' ? <Alert tone="success">{t('verify.emailResent', { email: user.email })}</Alert> : null}
              <input type="hidden" name="intent" value="resend-email" />
              <Button type="submit" variant="secondary" disabled={navigation.state === 'submitting'}>
                {t('verify.resendEmail')}
              </Button>
            </Form>
          )}
        </Card>
      ) : null}
      {user.phoneNumber ? (
        <Card aria-labelledby="phone-title">
          <h2 id="phone-title" className="mb-2 text-lg font-semibold">
            {t('verify.phoneTitle')}
          </h2>
          {user.phoneNumberVerified ? (
            <p className="text-sm">
              ✓ {actionData?.done === 'phone_verified' ? t('verify.phoneVerified') : t('verify.phoneDone', { phone: user.phoneNumber })}
            </p>
          ) : (
            <div className="flex flex-col gap-4">
              <Form method="post" className="flex max-w-sm flex-col gap-3" noValidate>
                <p className="text-sm text-muted-foreground">{t('verify.phonePending', { phone: user.phoneNumber })}</p>
                <input type="hidden" name="intent" value="verify-phone" />
                <Field
                  label={t('verify.code')}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  required
                  errors={fieldError('code')}
                />
                <Button type="submit" disabled={navigation.state === 'submitting'}>
                  {t('verify.submitCode')}
                </Button>
              </Form>
              <Form method="post">
                {actionData?.done === 'sms_resent' ? (
                  <Alert tone="success" className="mb-2">
                    {t('verify.smsResent', { phone: user.phoneNumber })}
                  </Alert>
                ) : null}
                <input type="hidden" name="intent" value="resend-sms" />
                <Button type="submit" variant="secondary" disabled={navigation.state === 'submitting'}>
                  {t('verify.resendSms')}
                </Button>
              </Form>
            </div>
          )}
        </Card>
      ) : null}
    </div>
  )
}
