import type { ColumnDef } from '@tanstack/react-table'
import { useId, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { useHydrated } from '../../../components/use-hydrated'
import { useRootData } from '../../../components/use-root-data'
import type { MemberRole } from '../../../platform/actor'
import { useTranslation } from '../../../platform/i18n/react'
import type { DirectoryMember } from './member-directory'
import { TeamConfirmDialog } from './team-confirm-dialog'
import { teamActionPath, useTeamFetcher } from './team-fetcher'

export type ManagedMemberView = DirectoryMember & { assignableRoles: MemberRole[]; removable: boolean; canReceiveOwnership: boolean; self: boolean }

/** One member's role as a select and an apply button; the select is disabled where the actor may not change it. */
function MemberRoleForm({ member, lastOwner }: { member: ManagedMemberView; lastOwner: boolean }) {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const hydrated = useHydrated()
  const selectId = useId()
  const messageId = useId()
  const [role, setRole] = useState<MemberRole>(member.role)
  const { fetcher, failure, busy } = useTeamFetcher({ successMessage: () => t('manage.roleChanged', { name: member.name }) })
  const locked = member.assignableRoles.length === 0
  const error = failure ? (failure.formError?.message ?? failure.fieldErrors.role?.map((key) => t(key)).join(' ')) : undefined
  const hint = locked ? (lastOwner ? t('manage.lastOwnerHint') : t('manage.roleLockedHint')) : undefined
  return (
    <fetcher.Form method="post" action={teamActionPath(locale)} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="change-role" />
      <input type="hidden" name="memberId" value={member.id} />
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          {t('manage.roleFor', { name: member.name })}
        </label>
        <NativeSelect
          id={selectId}
          name="role"
          value={role}
          disabled={locked}
          onChange={(event) => setRole(member.assignableRoles.find((choice) => choice === event.target.value) ?? member.role)}
          className="w-32"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
        >
          {(locked ? [member.role] : member.assignableRoles).map((choice) => (
            <option key={choice} value={choice}>
              {t(`roles.${choice}`)}
            </option>
          ))}
        </NativeSelect>
        {locked ? null : (
          <Button type="submit" size="sm" variant="secondary" disabled={busy || (hydrated && role === member.role)}>
            {t('manage.applyRole')}
          </Button>
        )}
      </div>
      {error ? (
        <p id={messageId} role="alert" className="max-w-56 text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="max-w-56 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

function MemberActions({ member }: { member: ManagedMemberView }) {
  const { t } = useTranslation('team')
  if (!member.removable && !member.canReceiveOwnership) return null
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {member.canReceiveOwnership ? (
        <TeamConfirmDialog
          triggerLabel={t('manage.transfer')}
          triggerAccessibleLabel={t('manage.transferFor', { name: member.name })}
          title={t('manage.transferTitle', { name: member.name })}
          description={t('manage.transferBody', { name: member.name })}
          confirmLabel={t('manage.transferConfirm')}
          confirmVariant="primary"
          intent="transfer"
          fields={{ memberId: member.id }}
          successMessage={t('manage.transferred', { name: member.name })}
        />
      ) : null}
      {member.removable ? (
        <TeamConfirmDialog
          triggerLabel={t('manage.remove')}
          triggerAccessibleLabel={t('manage.removeFor', { name: member.name })}
          title={t('manage.removeTitle', { name: member.name })}
          description={t('manage.removeBody', { name: member.name })}
          confirmLabel={t('manage.removeConfirm')}
          intent="remove"
          fields={{ memberId: member.id }}
          successMessage={t('manage.removed', { name: member.name })}
        />
      ) : null}
    </div>
  )
}

/** The management view of the members: role changes, removal and ownership transfer where the actor may. */
export function MemberManagementTable({ members, ownerCount, label }: { members: ManagedMemberView[]; ownerCount: number; label: string }) {
  const { t } = useTranslation('team')
  const format = useFormatter()
  const columns = useMemo<ColumnDef<ManagedMemberView>[]>(
    () => [
      {
        accessorKey: 'name',
        header: t('columns.name'),
        cell: ({ row }) => (
          <span className="font-medium">
            {row.original.name}
            {row.original.self ? <span className="ms-2 text-xs font-normal text-muted-foreground">{t('you')}</span> : null}
          </span>
        ),
      },
      {
        accessorKey: 'email',
        header: t('columns.email'),
        cell: ({ row }) =>
          row.original.email ? <span className="break-all">{row.original.email}</span> : <span className="text-muted-foreground">{t('noEmail')}</span>,
      },
      {
        accessorKey: 'role',
        header: t('columns.role'),
        enableSorting: false,
        // Keyed by the role so the select starts over from the stored role after a change.
        cell: ({ row }) => (
          <MemberRoleForm key={`${row.original.id}-${row.original.role}`} member={row.original} lastOwner={row.original.role === 'owner' && ownerCount <= 1} />
        ),
      },
      {
        accessorKey: 'joinedAt',
        header: t('columns.joined'),
        enableGlobalFilter: false,
        sortingFn: (a, b) => new Date(a.original.joinedAt).getTime() - new Date(b.original.joinedAt).getTime(),
        cell: ({ row }) => <span className="whitespace-nowrap">{format.date(row.original.joinedAt)}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => <MemberActions member={row.original} />,
      },
    ],
    [t, format, ownerCount],
  )
  return <DataTable columns={columns} data={members} label={label} getRowId={(member) => member.id} initialPageSize={20} />
}
