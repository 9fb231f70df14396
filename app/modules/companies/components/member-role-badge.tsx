import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import type { MemberRole } from '../../../platform/actor'
import { useTranslation } from '../../../platform/i18n/react'

const ROLE_VARIANTS: Record<MemberRole, BadgeVariant> = { owner: 'default', admin: 'secondary', member: 'outline' }

export function MemberRoleBadge({ role }: { role: MemberRole }) {
  const { t } = useTranslation('team')
  return <Badge variant={ROLE_VARIANTS[role]}>{t(`roles.${role}`)}</Badge>
}
