import { Search, Users } from 'lucide-react'
import { useId } from 'react'
import { Form, Link } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import type { PlatformRole } from '../../../platform/actor'
import { useTranslation } from '../../../platform/i18n/react'
import { PLATFORM_ROLES, USER_STATUSES, type UserStatus } from '../user-admin.inputs'
import { PlatformRoleBadge, UserStatusBadge } from './user-admin-badges'

export type UserAdminRow = {
  id: string
  name: string
  email: string | null
  phoneNumber: string | null
  role: PlatformRole
  status: UserStatus
  companyCount: number
  createdAt: string
}

export type UserAdminFilterValues = { q?: string | undefined; role?: PlatformRole | undefined; status?: UserStatus | undefined }

/** Search and filters as a GET form, so they live in the address and survive reloads and sharing. */
export function UserAdminFilters({ filters, clearHref }: { filters: UserAdminFilterValues; clearHref: string }) {
  const { t } = useTranslation('admin')
  const id = useId()
  const filtered = Boolean(filters.q || filters.role || filters.status)
  return (
    <Form method="get" role="search" aria-label={t('users.search.region')} className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-60 flex-1 flex-col gap-1">
        <Label htmlFor={`${id}-q`}>{t('users.search.label')}</Label>
        <Input id={`${id}-q`} type="search" name="q" defaultValue={filters.q ?? ''} placeholder={t('users.search.placeholder')} maxLength={200} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-role`}>{t('users.search.role')}</Label>
        <NativeSelect id={`${id}-role`} name="role" defaultValue={filters.role ?? ''} className="w-44">
          <option value="">{t('users.search.anyRole')}</option>
          {PLATFORM_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`users.roles.${role}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-status`}>{t('users.search.status')}</Label>
        <NativeSelect id={`${id}-status`} name="status" defaultValue={filters.status ?? ''} className="w-44">
          <option value="">{t('users.search.anyStatus')}</option>
          {USER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`users.statuses.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit">
        <Search aria-hidden="true" />
        {t('users.search.submit')}
      </Button>
      {filtered ? (
        <Link to={clearHref} className={buttonClasses('ghost')}>
          {t('users.search.clear')}
        </Link>
      ) : null}
    </Form>
  )
}

/** The page of users; a name opens that user's details beside the list. */
export function UserAdminTable({ rows, selectedId, detailHref }: { rows: UserAdminRow[]; selectedId: string | null; detailHref: (userId: string) => string }) {
  const { t } = useTranslation('admin')
  const format = useFormatter()
  return (
    <div className="rounded-md border border-border">
      <Table stackOnPhone>
        <TableCaption className="sr-only">{t('users.table.label')}</TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('users.table.name')}</TableHead>
            <TableHead>{t('users.table.email')}</TableHead>
            <TableHead>{t('users.table.role')}</TableHead>
            <TableHead>{t('users.table.status')}</TableHead>
            <TableHead className="text-end">{t('users.table.companies')}</TableHead>
            <TableHead>{t('users.table.created')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-state={row.id === selectedId ? 'selected' : undefined}>
              <TableCell className="font-medium">
                <Link
                  to={detailHref(row.id)}
                  preventScrollReset
                  aria-current={row.id === selectedId ? 'true' : undefined}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
              </TableCell>
              <TableCell label={t('users.table.email')} className="break-all">
                {row.email ?? row.phoneNumber}
              </TableCell>
              <TableCell label={t('users.table.role')}>
                <PlatformRoleBadge role={row.role} />
              </TableCell>
              <TableCell label={t('users.table.status')}>
                <UserStatusBadge status={row.status} />
              </TableCell>
              <TableCell label={t('users.table.companies')} className="text-end tabular-nums">
                {format.number(row.companyCount)}
              </TableCell>
              <TableCell label={t('users.table.created')} className="whitespace-nowrap">
                {format.date(row.createdAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/** No users at all, or none matching the filters (with a way back). */
export function UserAdminEmpty({ filtered, clearHref }: { filtered: boolean; clearHref: string }) {
  const { t } = useTranslation('admin')
  return filtered ? (
    <EmptyState
      icon={Search}
      title={t('users.empty.filteredTitle')}
      description={t('users.empty.filteredBody')}
      action={
        <Link to={clearHref} className={buttonClasses('secondary')}>
          {t('users.search.clear')}
        </Link>
      }
    />
  ) : (
    <EmptyState icon={Users} title={t('users.empty.title')} description={t('users.empty.body')} />
  )
}
