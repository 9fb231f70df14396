import { useTranslation } from '../../platform/i18n/react'
import { Link } from 'react-router'
import { Card } from '../../components/ui/card'
import { isVerified, useBearerSession } from '../../modules/identity/index'
import { localizePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { useRealtimeStatus } from '../../platform/realtime/use-realtime-status'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/dashboard'

export async function loader({ params }: Route.LoaderArgs) {
  return { title: translator(routeLocale(params))('dashboard.metaTitle') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm sm:col-span-2">{children}</dd>
    </div>
  )
}

export default function Dashboard() {
  const { t } = useTranslation('common')
  const { locale, session } = useRootData()
  const tokens = useBearerSession(session)
  const realtime = useRealtimeStatus(tokens)
  if (!session) return null
  const { user } = session
  const verified = isVerified(session)
  const state = (ok: boolean) => (ok ? t('dashboard.verified') : t('dashboard.notVerified'))
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('dashboard.title', { name: user.name })}</h1>
        <p className="text-sm text-muted-foreground">{t('dashboard.signedInAs', { identity: user.email ?? user.phoneNumber ?? user.name })}</p>
      </div>
      <Card aria-labelledby="account-title">
        <h2 id="account-title" className="mb-2 text-lg font-semibold">
          {t('dashboard.accountTitle')}
        </h2>
        <dl className="divide-y divide-border">
          <Row label={t('dashboard.email')}>{user.email ? `${user.email} · ${state(user.emailVerified)}` : t('dashboard.notProvided')}</Row>
          <Row label={t('dashboard.phone')}>{user.phoneNumber ? `${user.phoneNumber} · ${state(user.phoneNumberVerified)}` : t('dashboard.notProvided')}</Row>
          <Row label={t('dashboard.platformRole')}>{user.role === 'admin' ? t('dashboard.roleAdmin') : t('dashboard.roleUser')}</Row>
          <Row label={t('dashboard.assurance')}>{session.aal === 'aal2' ? t('dashboard.aal2') : t('dashboard.aal1')}</Row>
        </dl>
      </Card>
      <Card aria-labelledby="company-title">
        <h2 id="company-title" className="mb-2 text-lg font-semibold">
          {t('dashboard.companyTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('dashboard.noCompany')}</p>
      </Card>
      <Card aria-labelledby="steps-title">
        <h2 id="steps-title" className="mb-2 text-lg font-semibold">
          {t('dashboard.nextStepsTitle')}
        </h2>
        <ul className="flex flex-col gap-2 text-sm">
          <li>
            {verified ? (
              <span>✓ {t('dashboard.stepVerifyDone')}</span>
            ) : (
              <Link className="text-primary underline" to={localizePath(locale, '/app/user/verify')}>
                {t('dashboard.stepVerify')}
              </Link>
            )}
          </li>
          <li>
            {user.twoFactorEnabled ? (
              <span>✓ {t('dashboard.stepTwoFactorDone')}</span>
            ) : (
              <Link className="text-primary underline" to={localizePath(locale, '/app/user/two-factor')}>
                {t('dashboard.stepTwoFactor')}
              </Link>
            )}
          </li>
        </ul>
      </Card>
      <Card aria-labelledby="realtime-title">
        <h2 id="realtime-title" className="mb-2 text-lg font-semibold">
          {t('dashboard.realtimeTitle')}
        </h2>
        <p className="text-sm" role="status" data-realtime-state={realtime.state}>
          {realtime.state === 'connected' ? t('dashboard.realtimeConnected') : realtime.state === 'offline' ? t('dashboard.realtimeOffline') : t('dashboard.realtimeConnecting')}
          {realtime.latencyMs !== null ? ` · ${t('dashboard.realtimeLatency', { ms: realtime.latencyMs })}` : null}
        </p>
      </Card>
    </div>
  )
}
