import { PlanLimitNotice } from '../../../modules/billing/index'
import { limitStatus } from '../../../modules/billing/index.server'
import { LogOut } from 'lucide-react'
import { redirect, useLoaderData } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Pagination } from '../../../components/ui/pagination'
import {
  canLeave,
  canManageMembers,
  companiesContext,
  CreateInvitationInput,
  hasRole,
  InvitationIdInput,
  InvitationInviteDialog,
  InvitationListQuery,
  InvitationStatusFilter,
  InvitationTable,
  MemberDirectory,
  MemberIdInput,
  MemberManagementTable,
  MemberRoleFormInput,
  SettingsNav,
  TeamConfirmDialog,
} from '../../../modules/companies/index'
import {
  changeMemberRole,
  createInvitation,
  leaveCompany,
  listInvitations,
  listManagedMembers,
  removeMember,
  requireActor,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
} from '../../../modules/companies/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { AppError } from '../../../platform/errors'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pickedMessages, translator } from '../../../platform/i18n/translate.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/team'
import { PAGE_MESSAGES } from '../../page-messages'

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const parsedQuery = InvitationListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  const query = parsedQuery.success ? parsedQuery.data : InvitationListQuery.parse({})
  const canManage = canManageMembers(ctx.actor)
  const [team, invitations, planLimit] = await withRouteErrors(() =>
    Promise.all([listManagedMembers(ctx), canManage ? listInvitations(ctx, query) : Promise.resolve(null), canManage ? limitStatus(ctx, 'members') : null]),
  )
  const self = team.members.find((member) => member.self)
  return {
    title: translator(ctx.locale, 'team')('manage.metaTitle'),
    // The settings navigation's labels live in the companies catalog.
    i18n: pickedMessages(ctx.locale, PAGE_MESSAGES.teamSettings),
    ...team,
    companyName: context.get(companiesContext)?.active?.name ?? '',
    invitations,
    status: query.status,
    canManage,
    planLimit,
    isOwner: hasRole(ctx.actor, 'owner'),
    mayLeave: self ? canLeave(self.role, team.ownerCount) : false,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** One intent of the management forms (also posted from the team directory's invite dialog). */
async function runIntent(ctx: ServiceContext, intent: string, form: FormData) {
  if (intent === 'invite') {
    const parsed = parseForm(CreateInvitationInput, form)
    if (!parsed.ok) return failure(parsed, 422, { intent })
    const invitation = await createInvitation(ctx, parsed.data)
    return { ok: true as const, intent, email: invitation.email }
  }
  if (intent === 'change-role') {
    const parsed = parseForm(MemberRoleFormInput, form)
    if (!parsed.ok) return failure(parsed, 422, { intent })
    await changeMemberRole(ctx, parsed.data.memberId, parsed.data.role)
    return { ok: true as const, intent }
  }
  if (intent === 'remove' || intent === 'transfer') {
    const parsed = parseForm(MemberIdInput, form)
    if (!parsed.ok) return failure(parsed, 422, { intent })
    await (intent === 'remove' ? removeMember(ctx, parsed.data.memberId) : transferOwnership(ctx, parsed.data.memberId))
    return { ok: true as const, intent }
  }
  if (intent === 'resend' || intent === 'revoke') {
    const parsed = parseForm(InvitationIdInput, form)
    if (!parsed.ok) return failure(parsed, 422, { intent })
    await (intent === 'resend' ? resendInvitation(ctx, parsed.data.invitationId) : revokeInvitation(ctx, parsed.data.invitationId))
    return { ok: true as const, intent }
  }
  if (intent === 'leave') {
    await leaveCompany(ctx)
    // The session now acts for another company, or none: the dashboard (or onboarding) follows.
    return redirect(localizePath(ctx.locale, '/app/dashboard'))
  }
  throw new AppError('bad_request', 'Unknown action')
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    return await runIntent(ctx, intent, form)
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

function InvitationsSection() {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const { invitations, status } = useLoaderData<typeof loader>()
  if (!invitations) return null
  const base = localizePath(locale, '/app/settings/team')
  const hrefFor = (offset: number) => `${base}?${new URLSearchParams({ ...(status ? { status } : {}), offset: String(offset) }).toString()}`
  return (
    <Card aria-labelledby="invitations-title">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="invitations-title">{t('invitations.title')}</CardTitle>
          <CardDescription>{t('invitations.body')}</CardDescription>
        </div>
        <InvitationInviteDialog />
      </CardHeader>
      <div className="flex flex-col gap-4">
        <InvitationStatusFilter status={status} />
        <InvitationTable
          invitations={invitations.items}
          label={t('invitations.title')}
          manage
          emptyTitle={status ? t('invitations.emptyFiltered', { status: t(`statuses.${status}`) }) : t('invitations.empty')}
          emptyDescription={status ? undefined : t('invitations.emptyBody')}
        />
        <Pagination total={invitations.total} offset={invitations.offset} limit={invitations.limit} hrefFor={hrefFor} />
      </div>
    </Card>
  )
}

function LeaveSection() {
  const { t } = useTranslation('team')
  const { mayLeave, isOwner } = useLoaderData<typeof loader>()
  return (
    <Card aria-labelledby="leave-title">
      <CardHeader>
        <CardTitle id="leave-title" className="flex items-center gap-2">
          <LogOut aria-hidden="true" className="size-5" />
          {t('leave.title')}
        </CardTitle>
        <CardDescription>{mayLeave ? t('leave.body') : t('leave.ownerMustTransfer')}</CardDescription>
      </CardHeader>
      {mayLeave ? (
        <TeamConfirmDialog
          triggerLabel={t('leave.open')}
          triggerSize="md"
          title={t('leave.confirmTitle')}
          description={isOwner ? t('leave.confirmBodyOwner') : t('leave.confirmBody')}
          confirmLabel={t('leave.confirm')}
          intent="leave"
        />
      ) : null}
    </Card>
  )
}

export default function TeamSettings() {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const { companyName, members, ownerCount, canManage, planLimit } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('manage.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('manage.body', { company: companyName })}</p>
      </div>
      <SettingsNav locale={locale} />
      {canManage ? null : <Alert tone="info">{t('manage.readOnly')}</Alert>}
      {planLimit ? <PlanLimitNotice status={planLimit} /> : null}
      <Card aria-labelledby="members-title">
        <CardHeader>
          <CardTitle id="members-title">{t('manage.membersTitle')}</CardTitle>
          {canManage ? <CardDescription>{t('manage.membersBody')}</CardDescription> : null}
        </CardHeader>
        {canManage ? (
          <MemberManagementTable members={members} ownerCount={ownerCount} label={t('directory.membersTable', { company: companyName })} />
        ) : (
          <MemberDirectory
            members={members}
            currentUserId={members.find((member) => member.self)?.userId ?? ''}
            label={t('directory.membersTable', { company: companyName })}
          />
        )}
      </Card>
      <InvitationsSection />
      <LeaveSection />
    </div>
  )
}
