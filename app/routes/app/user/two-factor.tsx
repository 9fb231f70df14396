import QRCode from 'qrcode'
import { useTranslation } from '../../../platform/i18n/react'
import { Form, useActionData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { TotpConfirmInput, TotpEnrolInput } from '../../../modules/identity/index'
import { confirmTotp, disableTotp, enrolTotp } from '../../../modules/identity/index.server'
import { failure, failureFromError, parseForm } from '../../../platform/forms.server'
import { cookieHeaders, routeLocale, useRootData } from '../../route-helpers'
import { pageData } from '../../page-data.server'
import type { Route } from './+types/two-factor'

export async function loader({ params }: Route.LoaderArgs) {
  return pageData(routeLocale(params), 'identity', 'twoFactor.metaTitle')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type ActionData = {
  ok: boolean
  step?: 'scan' | 'enabled' | 'disabled'
  uri?: string
  qr?: string
  secret?: string
  backupCodes?: string[]
  fieldErrors?: Record<string, string[]>
  formError?: { code: string; message: string; reasons?: string[] }
}

/** What the scan step shows: the QR code, the key to type in, and the backup codes. */
async function scanStep(uri: string, backupCodes: string[]) {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, width: 200 })
  const secret = new URL(uri).searchParams.get('secret') ?? ''
  return { step: 'scan' as const, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret, backupCodes }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  // The scan step survives a mistyped code: its URI and backup codes come back with the form.
  const pendingUri = String(form.get('uri') ?? '')
  const pending = intent === 'confirm' && pendingUri.startsWith('otpauth://totp/') ? await scanStep(pendingUri, form.getAll('backupCode').map(String)) : {}
  try {
    if (intent === 'enrol') {
      const parsed = parseForm(TotpEnrolInput, form)
      if (!parsed.ok) return failure(parsed)
      const { totpURI, backupCodes } = await enrolTotp(parsed.data.password, request.headers)
      return { ok: true, ...(await scanStep(totpURI, backupCodes)) } satisfies ActionData
    }
    if (intent === 'confirm') {
      const parsed = parseForm(TotpConfirmInput, form)
      if (!parsed.ok) return failure(parsed, 422, pending)
      const { setCookies } = await confirmTotp(parsed.data.code, request.headers)
      return Response.json({ ok: true, step: 'enabled' } satisfies ActionData, { headers: cookieHeaders(setCookies) })
    }
    if (intent === 'disable') {
      const parsed = parseForm(TotpEnrolInput, form)
      if (!parsed.ok) return failure(parsed)
      const { setCookies } = await disableTotp(parsed.data.password, request.headers)
      return Response.json({ ok: true, step: 'disabled' } satisfies ActionData, { headers: cookieHeaders(setCookies) })
    }
    return failure({ ok: false, fieldErrors: {} }, 400)
  } catch (error) {
    return failureFromError(error, pending)
  }
}

export default function TwoFactor() {
  const { t } = useTranslation('identity')
  const { session } = useRootData()
  const actionData = useActionData<ActionData>()
  const fieldError = useFieldErrors(actionData?.ok ? undefined : actionData?.fieldErrors)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const enabled = Boolean(session?.user.twoFactorEnabled)
  const scanning = actionData?.step === 'scan' && actionData.qr ? actionData : undefined
  return (
    <Card aria-labelledby="page-title">
      <h1 id="page-title" className="mb-2 text-xl font-semibold">
        {t('twoFactor.title')}
      </h1>
      {actionData?.ok && actionData.step === 'enabled' ? (
        <Alert tone="success" className="mb-4">
          {t('twoFactor.enabled')}
        </Alert>
      ) : null}
      {actionData?.ok && actionData.step === 'disabled' ? (
        <Alert tone="success" className="mb-4">
          {t('twoFactor.disabled')}
        </Alert>
      ) : null}
      <p className="mb-4 text-sm text-muted-foreground" data-testid="two-factor-status">
        {enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
      </p>
      {scanning ? (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="scan-title" className="flex flex-col gap-3">
            <h2 id="scan-title" className="font-semibold">
              {t('twoFactor.scanTitle')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('twoFactor.scanBody')}</p>
            <img src={scanning.qr} alt={t('twoFactor.qrAlt')} width={200} height={200} className="rounded border border-border" />
            <p className="break-all font-mono text-xs text-muted-foreground" data-testid="totp-secret" data-secret={scanning.secret}>
              {t('twoFactor.manualKey', { secret: scanning.secret })}
            </p>
          </section>
          <section aria-labelledby="backup-title" className="flex flex-col gap-2">
            <h2 id="backup-title" className="font-semibold">
              {t('twoFactor.backupTitle')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('twoFactor.backupBody')}</p>
            <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
              {scanning.backupCodes?.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </section>
          <Form method="post" className="flex max-w-sm flex-col gap-4" noValidate>
            <FormError error={actionData?.ok ? undefined : actionData?.formError} />
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="uri" value={scanning.uri} />
            {scanning.backupCodes?.map((code) => (
              <input key={code} type="hidden" name="backupCode" value={code} />
            ))}
            <Field
              label={t('twoFactor.code')}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              errors={fieldError('code')}
            />
            <Button type="submit" disabled={busy}>
              {t('twoFactor.confirm')}
            </Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="flex max-w-sm flex-col gap-4" noValidate>
          <FormError error={actionData?.ok ? undefined : actionData?.formError} />
          <input type="hidden" name="intent" value={enabled ? 'disable' : 'enrol'} />
          {enabled ? <h2 className="font-semibold">{t('twoFactor.disableTitle')}</h2> : null}
          <Field label={t('twoFactor.password')} name="password" type="password" autoComplete="current-password" required errors={fieldError('password')} />
          <Button type="submit" variant={enabled ? 'danger' : 'primary'} disabled={busy}>
            {enabled ? t('twoFactor.disable') : t('twoFactor.start')}
          </Button>
        </Form>
      )}
    </Card>
  )
}
