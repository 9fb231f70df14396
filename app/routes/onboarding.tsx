import { Building2, Handshake, LogOut, MailCheck, PackageSearch, Truck } from 'lucide-react'
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../components/form-error'
import { Logo } from '../components/logo'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { useFormatter } from '../components/use-formatter'
import { COMPANY_KINDS, CompanyFields, CreateCompanyInput, SERVICE_TYPES, VerifiedBadge } from '../modules/companies/index'
import { isVerified } from '../modules/identity/index'
import { LanguageSwitcher } from '../components/language-switcher'
import {
  acceptInvitationById,
  createCompany,
  declineInvitationById,
  listRestorableCompanies,
  pendingInvitationsForMe,
  requireActor,
  restoreCompany,
} from '../modules/companies/index.server'
import { redirectCookie } from '../modules/identity/index.server'
import { REDIRECT_COOKIE, safeRedirectTarget } from '../platform/auth-guard'
import { env } from '../platform/env.server'
import { readCookie } from '../platform/http/cookies'
import { failure, failureFromError, withRouteErrors } from '../platform/forms.server'
import { fieldErrorsOf } from '../platform/validation'
import { localizePath } from '../platform/i18n/locales'
import { useTranslation } from '../platform/i18n/react'
import type { RouteHandle } from '../platform/ui/route-handle'
import { pageData } from './page-data.server'
import { cookieHeaders, useRootData } from './route-helpers'
import type { Route } from './+types/onboarding'

export const handle: RouteHandle = { layout: 'none' }

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [invitations, restorable] = await withRouteErrors(() => Promise.all([pendingInvitationsForMe(ctx), listRestorableCompanies(ctx)]))
  // Without SMTP the verification mail waits in the dev mailbox: say so, so a newcomer is not left waiting for it.
  return { ...pageData(ctx.locale, 'companies', 'onboarding.metaTitle'), invitations, restorable, mailKept: !env().SMTP_URL }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** A new company lands on its getting-started guide, which confirms it and lists the next steps for its kind. */
const AFTER_CREATE = '/app/guide?created=1'

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'accept-invitation') {
      await acceptInvitationById(ctx, String(form.get('invitationId') ?? ''))
      return redirect(localizePath(ctx.locale, '/app/dashboard'))
    }
    if (intent === 'decline-invitation') {
      await declineInvitationById(ctx, String(form.get('invitationId') ?? ''))
      return { ok: true as const, declined: true }
    }
    if (intent === 'restore') {
      await restoreCompany(ctx, String(form.get('companyId') ?? ''))
      return redirect(localizePath(ctx.locale, '/app/settings'))
    }
    const object = Object.fromEntries([...form].filter(([key]) => key !== 'services' && key !== 'intent'))
    const parsed = CreateCompanyInput.safeParse({ ...object, services: form.getAll('services') })
    if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) })
    await createCompany(ctx, parsed.data)
    // A page saved before there was a company (a plan or a question chosen on the pricing page) comes first.
    const saved = safeRedirectTarget(readCookie(request.headers.get('cookie'), REDIRECT_COOKIE))
    return redirect(saved ?? localizePath(ctx.locale, AFTER_CREATE), saved ? { headers: cookieHeaders([redirectCookie('', 0)]) } : undefined)
  } catch (error) {
    return failureFromError(error)
  }
}

const KIND_ICONS = { buyer: PackageSearch, supplier: Building2, both: Handshake, service_provider: Truck } as const

export default function Onboarding() {
  const { t } = useTranslation('companies')
  const { locale, session, companies } = useRootData()
  const { invitations, restorable, mailKept } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const failed = actionData && 'fieldErrors' in actionData ? actionData : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors, 'companies')
  const navigation = useNavigation()
  const format = useFormatter()
  const submitting = navigation.state === 'submitting'
  const hasCompany = (companies?.memberships.length ?? 0) > 0
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-card px-4 py-3">
        <Logo locale={locale} />
        <div className="flex items-center gap-2">
          {hasCompany ? (
            <Link to={localizePath(locale, '/app/dashboard')} className="text-sm text-primary underline">
              {t('onboarding.backToApp')}
            </Link>
          ) : null}
          <LanguageSwitcher current={locale} />
          <Form method="post" action={localizePath(locale, '/auth/sign-out')}>
            <Button type="submit" variant="ghost" size="sm" className="gap-1">
              <LogOut className="size-4" aria-hidden />
              {t('onboarding.signOut')}
            </Button>
          </Form>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-8">
        <div>
          <h1 className="text-2xl font-semibold">{hasCompany ? t('onboarding.titleAnother') : t('onboarding.title', { name: session?.user.name ?? '' })}</h1>
          <p className="mt-1 text-muted-foreground">{t('onboarding.intro')}</p>
        </div>

        {session && !isVerified(session) ? (
          <Alert tone="info" title={t('onboarding.checkMailTitle')}>
            <span className="flex items-start gap-2">
              <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {session.user.email ? t('onboarding.checkMail', { email: session.user.email }) : t('onboarding.checkPhone')}{' '}
                {mailKept ? t('onboarding.mailKept') : null}{' '}
                <Link to={localizePath(locale, '/app/user/verify')} className="text-primary underline underline-offset-4">
                  {t('onboarding.verifyPage')}
                </Link>
              </span>
            </span>
          </Alert>
        ) : null}

        {actionData && 'declined' in actionData ? <Alert tone="info">{t('onboarding.invitationDeclined')}</Alert> : null}

        {invitations.length > 0 ? (
          <Card aria-labelledby="invitations-title">
            <CardHeader>
              <CardTitle id="invitations-title">{t('onboarding.invitationsTitle')}</CardTitle>
              <CardDescription>{t('onboarding.invitationsBody')}</CardDescription>
            </CardHeader>
            <ul className="divide-y divide-border">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="flex items-center gap-2 font-medium">
                      {invitation.companyName}
                      <VerifiedBadge status={invitation.verificationStatus} />
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {t('onboarding.invitedBy', {
                        inviter: invitation.inviterName ?? t('onboarding.someone'),
                        role: t(`roles.${invitation.role}`),
                        date: format.date(invitation.expiresAt),
                      })}
                    </p>
                  </div>
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <Button type="submit" name="intent" value="accept-invitation" disabled={submitting}>
                      {t('onboarding.accept')}
                    </Button>
                    <Button type="submit" name="intent" value="decline-invitation" variant="secondary" disabled={submitting}>
                      {t('onboarding.decline')}
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        {restorable.length > 0 ? (
          <Card aria-labelledby="restore-title">
            <CardHeader>
              <CardTitle id="restore-title">{t('onboarding.restoreTitle')}</CardTitle>
              <CardDescription>{t('onboarding.restoreBody')}</CardDescription>
            </CardHeader>
            <ul className="divide-y divide-border">
              {restorable.map((company) => (
                <li key={company.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium">{company.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {t('onboarding.purgeOn', { date: company.purgeAfter ? format.date(company.purgeAfter) : '' })}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="companyId" value={company.id} />
                    <Button type="submit" name="intent" value="restore" variant="secondary" disabled={submitting}>
                      {t('onboarding.restore')}
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        <Card aria-labelledby="create-title">
          <CardHeader>
            <CardTitle id="create-title">{invitations.length > 0 ? t('onboarding.createInstead') : t('onboarding.createTitle')}</CardTitle>
            <CardDescription>{t('onboarding.createBody')}</CardDescription>
          </CardHeader>
          <Form method="post" className="group/kinds flex flex-col gap-6" noValidate>
            <input type="hidden" name="intent" value="create" />
            <FormError error={failed?.formError} />
            <fieldset className="flex flex-col gap-3" aria-describedby={fieldError('kind') ? 'kind-error' : undefined}>
              <legend className="mb-2 text-sm font-medium">{t('onboarding.kindQuestion')}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {COMPANY_KINDS.map((kind) => {
                  const Icon = KIND_ICONS[kind]
                  return (
                    <label
                      key={kind}
                      className="flex cursor-pointer gap-3 rounded-lg border border-border bg-card p-4 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30 has-[:focus-visible]:ring-2"
                    >
                      <input
                        type="radio"
                        name="kind"
                        value={kind}
                        required
                        className="mt-1 size-4"
                        defaultChecked={kind === 'buyer'}
                        aria-labelledby={`kind-${kind}-label`}
                        aria-describedby={`kind-${kind}-description`}
                      />
                      <span className="flex flex-col gap-1">
                        <span id={`kind-${kind}-label`} className="flex items-center gap-2 font-medium">
                          <Icon aria-hidden className="size-4" />
                          {t(`kinds.${kind}.label`)}
                        </span>
                        <span id={`kind-${kind}-description`} className="text-sm text-muted-foreground">
                          {t(`kinds.${kind}.description`)}
                        </span>
                      </span>
                    </label>
                  )
                })}
              </div>
              {fieldError('kind') ? (
                <p id="kind-error" role="alert" className="text-xs text-destructive">
                  {fieldError('kind')?.join(' ')}
                </p>
              ) : null}
            </fieldset>
            {/* Only service providers name their services; the fieldset shows when that kind is chosen (no script needed). */}
            <fieldset
              className="hidden flex-col gap-2 group-has-[input[name=kind][value=service\_provider]:checked]/kinds:flex"
              aria-describedby="services-hint"
              data-kind-only="service_provider"
            >
              <legend className="text-sm font-medium">{t('onboarding.servicesQuestion')}</legend>
              <p id="services-hint" className="text-xs text-muted-foreground">
                {t('onboarding.servicesHint')}
              </p>
              <div className="flex flex-wrap gap-4">
                {SERVICE_TYPES.map((service) => (
                  <label key={service} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="services" value={service} className="size-4" />
                    {t(`services.${service}`)}
                  </label>
                ))}
              </div>
              {fieldError('services') ? (
                <p role="alert" className="text-xs text-destructive">
                  {fieldError('services')?.join(' ')}
                </p>
              ) : null}
            </fieldset>
            <CompanyFields locale={locale} errors={fieldError} supplyingOnly="hidden group-has-[input[name=kind]:not([value=buyer]):checked]/kinds:grid" />
            <div>
              <Button type="submit" disabled={submitting}>
                {t('onboarding.create')}
              </Button>
            </div>
          </Form>
        </Card>
      </main>
    </div>
  )
}
