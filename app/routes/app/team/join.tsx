import { Building2, MailWarning } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { FormError } from '../../../components/form-error'
import { Logo } from '../../../components/logo'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { useFormatter } from '../../../components/use-formatter'
import { InvitationStatusBadge, InvitationTokenInput, MemberRoleBadge, VerifiedBadge } from '../../../modules/companies/index'
import { acceptInvitation, declineInvitation, previewInvitation, requireActor } from '../../../modules/companies/index.server'
import { AppError, isAppError } from '../../../platform/errors'
import { failure, failureFromError, parseForm } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { requireSession, useRootData } from '../../route-helpers'
import type { Route } from './+types/join'

export const handle: RouteHandle = { layout: 'none' }

/** The invitation behind a link, or null when the link names none. */
async function invitationBehind(token: string) {
  try {
    return await previewInvitation(token)
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return null
    throw error
  }
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const { user } = requireSession(context)
  const parsed = InvitationTokenInput.safeParse({ token: new URL(request.url).searchParams.get('token') ?? '' })
  const invitation = parsed.success ? await invitationBehind(parsed.data.token) : null
  return {
    ...pageData(ctx.locale, 'team', 'join.metaTitle'),
    token: parsed.success ? parsed.data.token : '',
    invitation,
    signedInAs: user.email ?? user.phoneNumber ?? user.name,
    isRecipient: invitation !== null && user.email?.toLowerCase() === invitation.email,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const parsed = parseForm(InvitationTokenInput, form)
  if (!parsed.ok) return failure(parsed, 422, { intent })
  try {
    if (intent === 'accept') {
      await acceptInvitation(ctx, parsed.data.token)
      // The session now acts for the company it joined.
      return redirect(localizePath(ctx.locale, '/app/dashboard'))
    }
    if (intent === 'decline') {
      await declineInvitation(ctx, parsed.data.token)
      return { ok: true as const, intent }
    }
    throw new AppError('bad_request', 'Unknown action')
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

type ActionResult = { ok: boolean; intent?: string; fieldErrors?: Record<string, string[]>; formError?: { code: string; message: string; reasons?: string[] } }

function Shell({ children }: { children: ReactNode }) {
  const { locale } = useRootData()
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b border-border bg-card px-4 py-3">
        <Logo locale={locale} />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-col gap-6 p-4 sm:p-8">
        {children}
      </main>
    </div>
  )
}

function HomeLink() {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  return (
    <Link to={localizePath(locale, '/app/dashboard')} className={buttonClasses('secondary', 'w-fit')}>
      {t('join.home')}
    </Link>
  )
}

/** A link that cannot be answered: unknown, answered, revoked, expired or meant for someone else. */
function Unanswerable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby="join-title" className="flex flex-col gap-4">
      <h1 id="join-title" className="flex items-center gap-2 text-xl font-semibold">
        <MailWarning aria-hidden="true" className="size-5 text-muted-foreground" />
        {title}
      </h1>
      {children}
    </Card>
  )
}

function WrongRecipient() {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const { invitation, signedInAs } = useLoaderData<typeof loader>()
  return (
    <Unanswerable title={t('join.wrongRecipientTitle')}>
      <p className="text-sm">{t('join.wrongRecipientBody', { email: invitation?.email ?? '', account: signedInAs })}</p>
      <p className="text-sm text-muted-foreground">{t('join.wrongRecipientHint')}</p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={localizePath(locale, '/auth/sign-out')}>
          <Button type="submit">{t('join.signOut')}</Button>
        </Form>
        <HomeLink />
      </div>
    </Unanswerable>
  )
}

function InvitationCard() {
  const { t } = useTranslation('team')
  const format = useFormatter()
  const { invitation, token } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionResult>()
  const submitting = useNavigation().state !== 'idle'
  if (!invitation) return null
  return (
    <Card aria-labelledby="join-title">
      <CardHeader>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Building2 aria-hidden="true" className="size-4" />
          {t('join.eyebrow')}
        </p>
        <CardTitle as="h1" id="join-title" className="flex flex-wrap items-center gap-2 text-2xl">
          {invitation.companyName}
          <VerifiedBadge status={invitation.verificationStatus} />
        </CardTitle>
        <CardDescription>
          {invitation.inviterName
            ? t('join.invitedBy', { inviter: invitation.inviterName, company: invitation.companyName, role: t(`roles.${invitation.role}`) })
            : t('join.invited', { company: invitation.companyName, role: t(`roles.${invitation.role}`) })}
        </CardDescription>
      </CardHeader>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t('columns.role')}</dt>
        <dd className="flex flex-col gap-1">
          <MemberRoleBadge role={invitation.role} />
          <span className="text-muted-foreground">{t(`roleHints.${invitation.role}`)}</span>
        </dd>
        <dt className="text-muted-foreground">{t('columns.email')}</dt>
        <dd className="break-all">{invitation.email}</dd>
        <dt className="text-muted-foreground">{t('columns.status')}</dt>
        <dd>
          <InvitationStatusBadge status={invitation.status} />
        </dd>
        <dt className="text-muted-foreground">{t('join.expires')}</dt>
        <dd>{format.dateTime(invitation.expiresAt)}</dd>
      </dl>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        <FormError error={actionData?.ok ? undefined : actionData?.formError} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="accept" disabled={submitting}>
            {t('join.accept')}
          </Button>
          <Button type="submit" name="intent" value="decline" variant="secondary" disabled={submitting}>
            {t('join.decline')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

const CLOSED_TITLES = { accepted: 'join.acceptedTitle', declined: 'join.declinedTitle', revoked: 'join.revokedTitle' } as const

function JoinState() {
  const { t } = useTranslation('team')
  const { invitation, isRecipient } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionResult>()
  if (actionData?.ok && actionData.intent === 'decline') {
    return (
      <Unanswerable title={t('join.declinedTitle')}>
        <Alert tone="success">{t('join.declinedDone', { company: invitation?.companyName ?? '' })}</Alert>
        <HomeLink />
      </Unanswerable>
    )
  }
  if (!invitation) {
    return (
      <Unanswerable title={t('join.unknownTitle')}>
        <p className="text-sm">{t('join.unknownBody')}</p>
        <HomeLink />
      </Unanswerable>
    )
  }
  if (invitation.status === 'expired') {
    return (
      <Unanswerable title={t('join.expiredTitle')}>
        <p className="text-sm">{t('join.expiredBody', { company: invitation.companyName })}</p>
        <HomeLink />
      </Unanswerable>
    )
  }
  if (invitation.status !== 'pending') {
    return (
      <Unanswerable title={t(CLOSED_TITLES[invitation.status])}>
        <p className="text-sm">{t('join.closedBody', { company: invitation.companyName })}</p>
        <HomeLink />
      </Unanswerable>
    )
  }
  return isRecipient ? <InvitationCard /> : <WrongRecipient />
}

export default function JoinTeam() {
  return (
    <Shell>
      <JoinState />
    </Shell>
  )
}
