import { useState } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import { FormError, useFieldErrors } from '../../components/form-error'
import { AnnoTitle } from '../../components/layouts/anno-layout'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { cn } from '../../components/ui/cn'
import { Field } from '../../components/ui/field'
import {
  clientSessionContext,
  PASSWORD_MIN_LENGTH,
  RecoveryRequestInput,
  SignInCodeInput,
  SignInCodeRequestInput,
  SignInInput,
  SignUpInput,
  TwoFactorInput,
} from '../../modules/identity/index'
import { companiesContext } from '../../modules/companies/index'
import {
  redirectCookie,
  requestPasswordRecovery,
  sendSignInCode,
  signIn,
  signInWithCode,
  signUp,
  verifySecondFactor,
} from '../../modules/identity/index.server'
import { REDIRECT_COOKIE, safeRedirectTarget } from '../../platform/auth-guard'
import { mayOpenPage, type Visitor } from '../../platform/page-access'
import { type FailureExtra, failure, failureFromError, parseForm } from '../../platform/forms.server'
import { readCookie } from '../../platform/http/cookies'
import { type Locale, localizePath, splitLocalePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { cookieHeaders, routeLocale, useRootData } from '../route-helpers'
import { pageData } from '../page-data.server'
import type { Route } from './+types/login'
import { PAGE_MESSAGES } from '../page-messages'

const MODES = ['sign-in', 'sign-up', 'code', 'recovery'] as const

/** How long a page saved for after onboarding waits: time to confirm the email and create the company. */
const ONBOARDING_REDIRECT_SECONDS = 60 * 60
type Mode = (typeof MODES)[number]
type Step = 'two_factor' | 'code_sent' | 'recovery_sent'

function modeOf(value: string | null): Mode {
  return (MODES as readonly string[]).includes(value ?? '') ? (value as Mode) : 'sign-in'
}

/**
 * Where a signed-in visitor goes from here: the saved attempted path when it is ours and theirs to open
 * (an admin without a company is not sent to a company page that would refuse them), else the dashboard. A company
 * page saved by someone who has no company yet (a new sign-up from the pricing page) is kept for after onboarding:
 * `keep` is true, and the onboarding sends them on once their company exists.
 */
function afterSignIn(request: Request, locale: Locale, visitor: Visitor): { to: string; keep: string | null } {
  const saved = safeRedirectTarget(readCookie(request.headers.get('cookie'), REDIRECT_COOKIE))
  const { locale: savedLocale, rest } = splitLocalePath(saved?.split(/[?#]/)[0] ?? '')
  if (saved && savedLocale && mayOpenPage(rest, visitor)) return { to: saved, keep: null }
  const later = saved && savedLocale && !visitor.hasCompany && mayOpenPage(rest, { ...visitor, hasCompany: true })
  return { to: localizePath(locale, '/app/dashboard'), keep: later ? saved : null }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const session = context.get(clientSessionContext)
  if (session) {
    const visitor = { platformAdmin: session.user.role === 'admin', hasCompany: Boolean(context.get(companiesContext)?.active) }
    const { to, keep } = afterSignIn(request, locale, visitor)
    throw redirect(to, { headers: cookieHeaders([keep ? redirectCookie(keep, ONBOARDING_REDIRECT_SECONDS) : redirectCookie('', 0)]) })
  }
  return { ...pageData(locale, 'identity', 'login.metaTitle', PAGE_MESSAGES.signIn), description: translator(locale, 'identity')('login.metaDescription') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'description', content: loaderData?.description },
  { name: 'robots', content: 'noindex' },
]

export async function action({ request, params }: Route.ActionArgs) {
  const locale = routeLocale(params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  // Back to this page, whose loader knows the new session's companies and picks the destination.
  const signedIn = (setCookies: string[]) => redirect(localizePath(locale, '/login'), { headers: cookieHeaders(setCookies) })
  const twoFactorStep = (methods: string[], setCookies: string[]) =>
    Response.json({ ok: true, step: 'two_factor', methods }, { headers: cookieHeaders(setCookies) })
  const stepOnFailure: FailureExtra =
    intent === 'two-factor' ? { step: 'two_factor' } : intent === 'code-sign-in' ? { step: 'code_sent', email: String(form.get('email') ?? '') } : {}
  try {
    switch (intent) {
      case 'sign-in': {
        const parsed = parseForm(SignInInput, form)
        if (!parsed.ok) return failure(parsed)
        const outcome = await signIn(parsed.data, request.headers)
        return outcome.kind === 'two_factor' ? twoFactorStep(outcome.methods, outcome.setCookies) : signedIn(outcome.setCookies)
      }
      case 'sign-up': {
        const parsed = parseForm(SignUpInput, form)
        if (!parsed.ok) return failure(parsed)
        return signedIn((await signUp(parsed.data, request.headers)).setCookies)
      }
      case 'send-code': {
        const parsed = parseForm(SignInCodeRequestInput, form)
        if (!parsed.ok) return failure(parsed)
        await sendSignInCode(parsed.data.email)
        return { ok: true, step: 'code_sent', email: parsed.data.email }
      }
      case 'code-sign-in': {
        const parsed = parseForm(SignInCodeInput, form)
        if (!parsed.ok) return failure(parsed, 422, stepOnFailure)
        const outcome = await signInWithCode(parsed.data.email, parsed.data.code, request.headers)
        return outcome.kind === 'two_factor' ? twoFactorStep(outcome.methods, outcome.setCookies) : signedIn(outcome.setCookies)
      }
      case 'two-factor': {
        const parsed = parseForm(TwoFactorInput, form, ['trustDevice'])
        if (!parsed.ok) return failure(parsed, 422, stepOnFailure)
        return signedIn((await verifySecondFactor(parsed.data, request.headers)).setCookies)
      }
      case 'recovery': {
        const parsed = parseForm(RecoveryRequestInput, form)
        if (!parsed.ok) return failure(parsed)
        await requestPasswordRecovery(parsed.data.email)
        return { ok: true, step: 'recovery_sent', email: parsed.data.email }
      }
      default:
        return failure({ ok: false, fieldErrors: {}, formError: { code: 'bad_request', message: translator(locale)('errors.bad_request') } }, 400)
    }
  } catch (error) {
    // An expired two-factor step cannot be retried: send the user back to the password.
    return failureFromError(error, (error as { code?: string }).code === 'two_factor_expired' ? {} : stepOnFailure)
  }
}

type ActionData = {
  ok: boolean
  step?: Step
  email?: string
  fieldErrors?: Record<string, string[]>
  formError?: { code: string; message: string; reasons?: string[] }
}

function ModeTabs({ mode, locale }: { mode: Mode; locale: Locale }) {
  const { t } = useTranslation('identity')
  const tabs: Array<[Mode, string]> = [
    ['sign-in', t('login.modeSignIn')],
    ['code', t('login.modeCode')],
    ['sign-up', t('login.modeSignUp')],
  ]
  return (
    <nav aria-label={t('login.modes')} className="mb-6 flex gap-1 rounded-md bg-muted p-1 text-sm">
      {tabs.map(([value, label]) => (
        <Link
          key={value}
          to={`${localizePath(locale, '/login')}?mode=${value}`}
          replace
          aria-current={mode === value ? 'page' : undefined}
          className={cn(
            'flex-1 rounded px-3 py-1.5 text-center',
            mode === value ? 'bg-card font-medium text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  )
}

function SubmitButton({ children }: { children: string }) {
  const navigation = useNavigation()
  return (
    <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
      {children}
    </Button>
  )
}

function TwoFactorStep({ actionData, locale, mode }: { actionData: ActionData; locale: Locale; mode: Mode }) {
  const { t } = useTranslation('identity')
  const [backup, setBackup] = useState(false)
  const fieldError = useFieldErrors(actionData.fieldErrors)
  return (
    <>
      <AnnoTitle>{t('login.twoFactorTitle')}</AnnoTitle>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-muted-foreground">{backup ? t('login.backupBody') : t('login.twoFactorBody')}</p>
        <FormError error={actionData.ok ? undefined : actionData.formError} />
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="method" value={backup ? 'backup' : 'totp'} />
        <Field
          key={backup ? 'backup' : 'totp'}
          label={backup ? t('login.backupCode') : t('login.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          required
          autoFocus
          errors={fieldError('code')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="trustDevice" className="size-4" />
          {t('login.trustDevice')}
        </label>
        <SubmitButton>{t('login.verifyCode')}</SubmitButton>
      </Form>
      <div className="mt-4 flex flex-col items-start gap-2 text-sm">
        <button type="button" className="text-primary underline" onClick={() => setBackup((v) => !v)}>
          {backup ? t('login.useTotp') : t('login.useBackup')}
        </button>
        <Link className="text-primary underline" to={`${localizePath(locale, '/login')}?mode=${mode}`} reloadDocument>
          {t('login.backToSignIn')}
        </Link>
      </div>
    </>
  )
}

export default function Login() {
  const { t } = useTranslation('identity')
  const { locale } = useRootData()
  const [search] = useSearchParams()
  const actionData = useActionData<ActionData>()
  const mode = modeOf(search.get('mode'))
  const failed = actionData && !actionData.ok ? actionData : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors)

  if (actionData?.step === 'two_factor') return <TwoFactorStep actionData={actionData} locale={locale} mode={mode} />

  const titles: Record<Mode, string> = {
    'sign-in': t('login.signInTitle'),
    'sign-up': t('login.signUpTitle'),
    code: t('login.codeTitle'),
    recovery: t('login.recoveryTitle'),
  }

  if (mode === 'recovery') {
    return (
      <>
        <AnnoTitle>{titles.recovery}</AnnoTitle>
        {actionData?.step === 'recovery_sent' ? (
          <Alert tone="success">{t('login.recoverySent', { email: actionData.email })}</Alert>
        ) : (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <p className="text-sm text-muted-foreground">{t('login.recoveryBody')}</p>
            <FormError error={failed?.formError} />
            <input type="hidden" name="intent" value="recovery" />
            <Field label={t('login.email')} name="email" type="email" autoComplete="email" required errors={fieldError('email')} />
            <SubmitButton>{t('login.sendRecovery')}</SubmitButton>
          </Form>
        )}
        <p className="mt-4 text-sm">
          <Link className="text-primary underline" to={localizePath(locale, '/login')}>
            {t('login.backToSignIn')}
          </Link>
        </p>
      </>
    )
  }

  return (
    <>
      <AnnoTitle>{titles[mode]}</AnnoTitle>
      <ModeTabs mode={mode} locale={locale} />
      {search.get('updated') === '1' ? (
        <Alert tone="success" className="mb-4">
          {t('login.passwordUpdated')}
        </Alert>
      ) : null}
      {mode === 'sign-in' ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <FormError error={failed?.formError} />
          <input type="hidden" name="intent" value="sign-in" />
          <Field
            label={t('login.identifier')}
            name="identifier"
            autoComplete="username"
            required
            hint={t('login.identifierHint')}
            errors={fieldError('identifier')}
          />
          <Field label={t('login.password')} name="password" type="password" autoComplete="current-password" required errors={fieldError('password')} />
          <SubmitButton>{t('login.submitSignIn')}</SubmitButton>
          <Link className="text-sm text-primary underline" to={`${localizePath(locale, '/login')}?mode=recovery`}>
            {t('login.forgotPassword')}
          </Link>
        </Form>
      ) : null}
      {mode === 'sign-up' ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <FormError error={failed?.formError} />
          <input type="hidden" name="intent" value="sign-up" />
          <Field label={t('login.name')} name="name" autoComplete="name" required maxLength={100} errors={fieldError('name')} />
          <Field
            label={t('login.identifier')}
            name="identifier"
            autoComplete="username"
            required
            hint={t('login.identifierHint')}
            errors={fieldError('identifier')}
          />
          <Field
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            hint={t('login.newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            errors={fieldError('password')}
          />
          <SubmitButton>{t('login.submitSignUp')}</SubmitButton>
        </Form>
      ) : null}
      {mode === 'code' && actionData?.step === 'code_sent' ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          {failed ? <FormError error={failed.formError} /> : <Alert tone="success">{t('login.codeSent', { email: actionData.email })}</Alert>}
          <input type="hidden" name="intent" value="code-sign-in" />
          <input type="hidden" name="email" value={actionData.email} />
          <Field
            label={t('login.code')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            autoFocus
            errors={fieldError('code')}
          />
          <SubmitButton>{t('login.submitCode')}</SubmitButton>
        </Form>
      ) : null}
      {mode === 'code' && actionData?.step !== 'code_sent' ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <FormError error={failed?.formError} />
          <input type="hidden" name="intent" value="send-code" />
          <Field label={t('login.email')} name="email" type="email" autoComplete="email" required errors={fieldError('email')} />
          <SubmitButton>{t('login.sendCode')}</SubmitButton>
        </Form>
      ) : null}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {mode === 'sign-up' ? t('login.haveAccount') : t('login.noAccount')}{' '}
        <Link className="text-primary underline" to={`${localizePath(locale, '/login')}?mode=${mode === 'sign-up' ? 'sign-in' : 'sign-up'}`}>
          {mode === 'sign-up' ? t('login.submitSignIn') : t('login.submitSignUp')}
        </Link>
      </p>
    </>
  )
}
