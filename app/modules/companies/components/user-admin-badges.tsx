import { Badge } from '../../../components/ui/badge'
import type { PlatformRole } from '../../../platform/actor'
import { useTranslation } from '../../../platform/i18n/react'
import type { UserStatus } from '../user-admin.inputs'

export function PlatformRoleBadge({ role }: { role: PlatformRole }) {
  const { t } = useTranslation('admin')
  return <Badge variant={role === 'admin' ? 'default' : 'outline'}>{t(`users.roles.${role}`)}</Badge>
}

/** Banned reads in the reject tone, active in the accept tone. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('admin')
  return <Badge variant={status === 'banned' ? 'reject' : 'accept'}>{t(`users.statuses.${status}`)}</Badge>
}
