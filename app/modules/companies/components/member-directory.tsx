import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DataTable } from '../../../components/ui/data-table'
import { useFormatter } from '../../../components/use-formatter'
import type { MemberRole } from '../../../platform/actor'
import type { DateInput } from '../../../platform/format'
import { useTranslation } from '../../../platform/i18n/react'
import { MemberRoleBadge } from './member-role-badge'

export type DirectoryMember = { id: string; userId: string; name: string; email: string | null; role: MemberRole; joinedAt: DateInput }

const ROLE_RANK: Record<MemberRole, number> = { owner: 0, admin: 1, member: 2 }

/** Everyone in the company, for every member: sortable, filterable and paged in the browser. */
export function MemberDirectory({ members, currentUserId, label }: { members: DirectoryMember[]; currentUserId: string; label: string }) {
  const { t } = useTranslation('team')
  const format = useFormatter()
  const columns = useMemo<ColumnDef<DirectoryMember>[]>(
    () => [
      {
        accessorKey: 'name',
        header: t('columns.name'),
        cell: ({ row }) => (
          <span className="font-medium">
            {row.original.name}
            {row.original.userId === currentUserId ? <span className="ms-2 text-xs font-normal text-muted-foreground">{t('you')}</span> : null}
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
        sortingFn: (a, b) => ROLE_RANK[a.original.role] - ROLE_RANK[b.original.role],
        cell: ({ row }) => <MemberRoleBadge role={row.original.role} />,
      },
      {
        accessorKey: 'joinedAt',
        header: t('columns.joined'),
        enableGlobalFilter: false,
        sortingFn: (a, b) => new Date(a.original.joinedAt).getTime() - new Date(b.original.joinedAt).getTime(),
        cell: ({ row }) => <span className="whitespace-nowrap">{format.date(row.original.joinedAt)}</span>,
      },
    ],
    [t, format, currentUserId],
  )
  return <DataTable columns={columns} data={members} label={label} getRowId={(member) => member.id} initialPageSize={20} emptyMessage={t('directory.empty')} />
}
