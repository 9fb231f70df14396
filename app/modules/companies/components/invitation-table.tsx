import { Mail } from 'lucide-react'
import { useId } from 'react'
import { Form } from 'react-router'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Label } from '../../../components/ui/label'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useRootData } from '../../../components/use-root-data'
import type { DateInput } from '../../../platform/format'
import { useTranslation } from '../../../platform/i18n/react'
import { type InvitableRole, INVITATION_DISPLAY_STATUSES, type InvitationStatus } from '../companies.constants'
import { MAX_INVITATION_SENDS } from '../team.policy'
import { InvitationStatusBadge } from './invitation-status-badge'
import { MemberRoleBadge } from './member-role-badge'
import { TeamConfirmDialog } from './team-confirm-dialog'
import { teamActionPath, useTeamFetcher } from './team-fetcher'

export type InvitationView = {
  id: string
  email: string
  role: InvitableRole
  status: InvitationStatus
  inviterName: string | null
  expiresAt: DateInput
  lastSentAt: DateInput
  respondedAt: DateInput | null
  sendCount: number
  canResend: boolean
}

const isOpen = (status: InvitationStatus) => status === 'pending' || status === 'expired'

/** Status filter of the invitations list: a plain GET form, so the filter lives in the address. */
export function InvitationStatusFilter({ status }: { status: InvitationStatus | undefined }) {
  const { t } = useTranslation('team')
  const id = useId()
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{t('invitations.filterLabel')}</Label>
        <NativeSelect id={id} name="status" defaultValue={status ?? ''} className="w-44">
          <option value="">{t('invitations.allStatuses')}</option>
          {INVITATION_DISPLAY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`statuses.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="secondary">
        {t('invitations.applyFilter')}
      </Button>
    </Form>
  )
}

function ResendButton({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const { fetcher, failure, busy } = useTeamFetcher({ successMessage: () => t('invitations.resent', { email: invitation.email }) })
  const messageId = useId()
  const error = failure?.formError?.message
  const limitReached = invitation.sendCount >= MAX_INVITATION_SENDS
  return (
    <fetcher.Form method="post" action={teamActionPath(locale)} className="flex flex-col items-end gap-1">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="invitationId" value={invitation.id} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={busy || !invitation.canResend}
        aria-label={t('invitations.resendFor', { email: invitation.email })}
        aria-describedby={error || limitReached ? messageId : undefined}
      >
        {t('invitations.resend')}
      </Button>
      {error ? (
        <p id={messageId} role="alert" className="max-w-56 text-end text-xs text-destructive">
          {error}
        </p>
      ) : limitReached ? (
        <p id={messageId} className="max-w-56 text-end text-xs text-muted-foreground">
          {t('invitations.sendLimitHint', { max: MAX_INVITATION_SENDS })}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

function InvitationActions({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation('team')
  if (!isOpen(invitation.status)) return null
  return (
    <div className="flex flex-wrap items-start justify-end gap-2">
      <ResendButton invitation={invitation} />
      <TeamConfirmDialog
        triggerLabel={t('invitations.revoke')}
        triggerAccessibleLabel={t('invitations.revokeFor', { email: invitation.email })}
        title={t('invitations.revokeTitle')}
        description={t('invitations.revokeBody', { email: invitation.email })}
        confirmLabel={t('invitations.revokeConfirm')}
        intent="revoke"
        fields={{ invitationId: invitation.id }}
        successMessage={t('invitations.revoked', { email: invitation.email })}
      />
    </div>
  )
}

/** When the invitation ends or ended: its expiry while open, the answer's date once answered. */
function InvitationDate({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation('team')
  const format = useFormatter()
  if (invitation.status === 'pending') return <>{t('invitations.expiresOn', { date: format.date(invitation.expiresAt) })}</>
  if (invitation.status === 'expired') return <>{t('invitations.expiredOn', { date: format.date(invitation.expiresAt) })}</>
  return <>{invitation.respondedAt ? format.date(invitation.respondedAt) : null}</>
}

type InvitationTableProps = {
  invitations: InvitationView[]
  label: string
  /** Resend and revoke controls, for admins and owners on the management page. */
  manage?: boolean
  emptyTitle: string
  emptyDescription?: string
}

export function InvitationTable({ invitations, label, manage = false, emptyTitle, emptyDescription }: InvitationTableProps) {
  const { t } = useTranslation('team')
  const format = useFormatter()
  if (invitations.length === 0) return <EmptyState icon={Mail} title={emptyTitle} description={emptyDescription} />
  return (
    <Table stackOnPhone>
      <TableCaption className="sr-only">{label}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t('columns.email')}</TableHead>
          <TableHead>{t('columns.role')}</TableHead>
          <TableHead>{t('columns.status')}</TableHead>
          <TableHead>{t('columns.invitedBy')}</TableHead>
          <TableHead>{t('columns.date')}</TableHead>
          {manage ? <TableHead>{t('columns.sent')}</TableHead> : null}
          {manage ? (
            <TableHead>
              <span className="sr-only">{t('columns.actions')}</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.map((invitation) => (
          <TableRow key={invitation.id}>
            <TableCell className="break-all">{invitation.email}</TableCell>
            <TableCell label={t('columns.role')}>
              <MemberRoleBadge role={invitation.role} />
            </TableCell>
            <TableCell label={t('columns.status')}>
              <InvitationStatusBadge status={invitation.status} />
            </TableCell>
            <TableCell label={t('columns.invitedBy')}>
              {invitation.inviterName ?? <span className="text-muted-foreground">{t('unknownInviter')}</span>}
            </TableCell>
            <TableCell label={t('columns.date')} className="whitespace-nowrap">
              <InvitationDate invitation={invitation} />
            </TableCell>
            {manage ? (
              <TableCell label={t('columns.sent')} className="whitespace-nowrap">
                {t('invitations.sendCount', { count: invitation.sendCount, max: MAX_INVITATION_SENDS })}
                <span className="block text-xs text-muted-foreground">{t('invitations.lastSent', { date: format.date(invitation.lastSentAt) })}</span>
              </TableCell>
            ) : null}
            {manage ? (
              <TableCell>
                <InvitationActions invitation={invitation} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
