import { Settings2 } from 'lucide-react'
import { Link, useLoaderData } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { canManageMembers, companiesContext, InvitationInviteDialog, InvitationTable, MemberDirectory } from '../../../modules/companies/index'
import { listInvitations, listMembers, requireActor } from '../../../modules/companies/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/index'

/** The directory shows the newest pending invitations; the management page pages through all of them. */
const PENDING_SHOWN = 50

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const canManage = canManageMembers(ctx.actor)
  const [members, pending] = await withRouteErrors(() =>
    Promise.all([listMembers(ctx), canManage ? listInvitations(ctx, { status: 'pending', limit: PENDING_SHOWN, offset: 0 }) : Promise.resolve(null)]),
  )
  return {
    ...pageData(ctx.locale, 'team', 'directory.metaTitle'),
    companyName: context.get(companiesContext)?.active?.name ?? '',
    currentUserId: ctx.actor.userId,
    members,
    pending,
    canManage,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function TeamDirectory() {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const { companyName, currentUserId, members, pending, canManage } = useLoaderData<typeof loader>()
  return (
    <AppPage
      title={t('directory.title')}
      description={t('directory.body', { company: companyName, count: members.length })}
      actions={
        <>
          <Link to={localizePath(locale, '/app/settings/team')} className={buttonClasses('secondary')}>
            <Settings2 aria-hidden="true" />
            {canManage ? t('directory.manage') : t('directory.settings')}
          </Link>
          {canManage ? <InvitationInviteDialog /> : null}
        </>
      }
    >
      <Card aria-labelledby="members-title">
        <CardHeader>
          <CardTitle id="members-title">{t('directory.membersTitle')}</CardTitle>
        </CardHeader>
        <MemberDirectory members={members} currentUserId={currentUserId} label={t('directory.membersTable', { company: companyName })} />
      </Card>
      {pending ? (
        <Card aria-labelledby="pending-title">
          <CardHeader>
            <CardTitle id="pending-title">{t('directory.pendingTitle')}</CardTitle>
            <CardDescription>{t('directory.pendingBody')}</CardDescription>
          </CardHeader>
          <InvitationTable
            invitations={pending.items}
            label={t('directory.pendingTitle')}
            emptyTitle={t('directory.pendingEmpty')}
            emptyDescription={t('directory.pendingEmptyBody')}
          />
          {pending.total > pending.items.length ? (
            <p className="mt-4 text-sm">
              <Link to={`${localizePath(locale, '/app/settings/team')}?status=pending`} className="text-primary underline">
                {t('directory.allPending', { count: pending.total })}
              </Link>
            </p>
          ) : null}
        </Card>
      ) : null}
    </AppPage>
  )
}
