import { X } from 'lucide-react'
import { useCallback, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { buttonClasses } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { useFormatter } from '../../../components/use-formatter'
import type { PlatformRole } from '../../../platform/actor'
import { useTranslation } from '../../../platform/i18n/react'
import type { MemberRole, VerificationStatus } from '../companies.constants'
import type { UserStatus } from '../user-admin.inputs'
import { UserAdminActions } from './user-admin-actions'
import { PlatformRoleBadge, UserStatusBadge } from './user-admin-badges'
import { VerificationStatusBadge } from './verification-status-badge'

export type UserAdminDetailView = {
  user: {
    id: string
    name: string
    email: string | null
    phoneNumber: string | null
    emailVerified: boolean
    phoneNumberVerified: boolean
    twoFactorEnabled: boolean
    role: PlatformRole
    status: UserStatus
    banReason: string | null
    banExpires: string | null
    createdAt: string
  }
  companies: { id: string; name: string; role: MemberRole; verificationStatus: VerificationStatus | null; deleted: boolean }[]
  audit: {
    id: string
    action: string
    before: Record<string, unknown> | null
    after: Record<string, unknown> | null
    createdAt: string
    actorName: string | null
  }[]
}

const HEADING_ID = 'user-detail-title'

function Verified({ verified }: { verified: boolean }) {
  const { t } = useTranslation('admin')
  return <Badge variant={verified ? 'accept' : 'secondary'}>{verified ? t('users.detail.verified') : t('users.detail.notVerified')}</Badge>
}

function Profile({ user }: { user: UserAdminDetailView['user'] }) {
  const { t } = useTranslation('admin')
  const format = useFormatter()
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted-foreground">{t('users.detail.email')}</dt>
      <dd className="flex flex-wrap items-center gap-2 break-all">
        {user.email ? (
          <>
            {user.email} <Verified verified={user.emailVerified} />
          </>
        ) : (
          t('users.detail.none')
        )}
      </dd>
      <dt className="text-muted-foreground">{t('users.detail.phone')}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        {user.phoneNumber ? (
          <>
            {user.phoneNumber} <Verified verified={user.phoneNumberVerified} />
          </>
        ) : (
          t('users.detail.none')
        )}
      </dd>
      <dt className="text-muted-foreground">{t('users.detail.twoFactor')}</dt>
      <dd>{user.twoFactorEnabled ? t('users.detail.twoFactorOn') : t('users.detail.twoFactorOff')}</dd>
      <dt className="text-muted-foreground">{t('users.detail.role')}</dt>
      <dd>
        <PlatformRoleBadge role={user.role} />
      </dd>
      <dt className="text-muted-foreground">{t('users.detail.status')}</dt>
      <dd>
        <UserStatusBadge status={user.status} />
      </dd>
      {user.status === 'banned' ? (
        <>
          <dt className="text-muted-foreground">{t('users.detail.banReason')}</dt>
          <dd className="break-words">{user.banReason}</dd>
          <dt className="text-muted-foreground">{t('users.detail.banExpires')}</dt>
          <dd>{user.banExpires ? format.dateTime(user.banExpires) : t('users.detail.banPermanent')}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{t('users.detail.created')}</dt>
      <dd>{format.date(user.createdAt)}</dd>
    </dl>
  )
}

function Companies({ companies }: { companies: UserAdminDetailView['companies'] }) {
  const { t } = useTranslation('admin')
  if (companies.length === 0) return <p className="text-sm text-muted-foreground">{t('users.detail.noCompanies')}</p>
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {companies.map((company) => (
        <li key={company.id} className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{company.name}</span>
          <span className="text-muted-foreground">{t(`users.companyRoles.${company.role}`)}</span>
          {company.verificationStatus ? <VerificationStatusBadge status={company.verificationStatus} /> : null}
          {company.deleted ? <Badge variant="reject">{t('users.detail.deleted')}</Badge> : null}
        </li>
      ))}
    </ul>
  )
}

function AuditText({ entry }: { entry: UserAdminDetailView['audit'][number] }) {
  const { t } = useTranslation('admin')
  const format = useFormatter()
  const role = (value: unknown) => t(`users.roles.${value === 'admin' ? 'admin' : 'user'}`)
  const reason = String(entry.after?.banReason ?? '')
  const until = entry.after?.banExpires
  switch (entry.action) {
    case 'user.role_changed':
      return <>{t('users.audit.roleChanged', { from: role(entry.before?.role), to: role(entry.after?.role) })}</>
    case 'user.banned':
      return (
        <>
          {typeof until === 'string' ? t('users.audit.bannedUntil', { date: format.dateTime(until), reason }) : t('users.audit.bannedPermanently', { reason })}
        </>
      )
    case 'user.unbanned':
      return <>{t('users.audit.unbanned')}</>
    default:
      return <>{entry.action}</>
  }
}

function Activity({ audit }: { audit: UserAdminDetailView['audit'] }) {
  const { t } = useTranslation('admin')
  const format = useFormatter()
  if (audit.length === 0) return <p className="text-sm text-muted-foreground">{t('users.detail.noActivity')}</p>
  return (
    <ol className="flex flex-col gap-3 text-sm">
      {audit.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-0.5">
          <span>
            <AuditText entry={entry} />
          </span>
          <span className="text-xs text-muted-foreground">
            {t('users.audit.byOn', { name: entry.actorName ?? t('users.audit.formerUser'), date: format.dateTime(entry.createdAt) })}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** The selected user (`?user=<id>`): profile, actions, companies and recent changes. Focus moves here when it opens. */
export function UserAdminDetail({ detail, isSelf, closeHref }: { detail: UserAdminDetailView; isSelf: boolean; closeHref: string }) {
  const { t } = useTranslation('admin')
  const heading = useRef<HTMLHeadingElement>(null)
  const focusHeading = useCallback(() => heading.current?.focus(), [])
  useEffect(focusHeading, [detail.user.id, focusHeading])
  return (
    <Card aria-labelledby={HEADING_ID} className="flex flex-col gap-6">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={HEADING_ID} ref={heading} tabIndex={-1} className="text-lg font-semibold break-words outline-none">
            {detail.user.name}
          </h2>
          <p className="text-sm text-muted-foreground">{t('users.detail.label')}</p>
        </div>
        <Link to={closeHref} preventScrollReset className={buttonClasses('ghost', undefined, 'icon')} aria-label={t('users.detail.close')}>
          <X aria-hidden="true" />
        </Link>
      </div>
      <Profile user={detail.user} />
      <section aria-labelledby="user-actions-title" className="flex flex-col gap-3">
        <h3 id="user-actions-title" className="font-semibold">
          {t('users.actions.title')}
        </h3>
        <UserAdminActions user={detail.user} isSelf={isSelf} onDone={focusHeading} />
      </section>
      <section aria-labelledby="user-companies-title" className="flex flex-col gap-3">
        <h3 id="user-companies-title" className="font-semibold">
          {t('users.detail.companies')}
        </h3>
        <Companies companies={detail.companies} />
      </section>
      <section aria-labelledby="user-activity-title" className="flex flex-col gap-3">
        <h3 id="user-activity-title" className="font-semibold">
          {t('users.detail.activity')}
        </h3>
        <Activity audit={detail.audit} />
      </section>
    </Card>
  )
}
