import { Building2, CheckCircle2, Circle, type LucideIcon, Radio, ShieldCheck, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { isVerified } from '../../modules/identity/index'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { useRealtimeStatus } from '../../platform/realtime/use-realtime-status'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/dashboard'

export async function loader({ params }: Route.LoaderArgs) {
  return { title: translator(routeLocale(params))('dashboard.metaTitle') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2.5 sm:grid-cols-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-sm sm:col-span-2">{children}</dd>
    </div>
  )
}

function Section({ id, icon: Icon, title, children }: { id: string; icon?: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id} className="flex items-center gap-2">
          {Icon ? <Icon className="size-5 text-primary" aria-hidden /> : null}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function Step({ done, to, children }: { done: boolean; to: string; children: string }) {
  return (
    <li className="flex items-center gap-2">
      {done ? <CheckCircle2 className="size-4 text-success" aria-hidden /> : <Circle className="size-4 text-muted-foreground" aria-hidden />}
      {done ? (
        <span>{children}</span>
      ) : (
        <Link className="text-primary underline" to={to}>
          {children}
        </Link>
      )}
    </li>
  )
}

export default function Dashboard() {
  const { t } = useTranslation('common')
  const { locale, session } = useRootData()
  const realtime = useRealtimeStatus()
  if (!session) return null
  const { user } = session
  const verification = (ok: boolean) => <Badge variant={ok ? 'accept' : 'pending'}>{ok ? t('dashboard.verified') : t('dashboard.notVerified')}</Badge>
  const realtimeLabel = realtime.state === 'connected' ? t('dashboard.realtimeConnected') : realtime.state === 'offline' ? t('dashboard.realtimeOffline') : t('dashboard.realtimeConnecting')
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('dashboard.title', { name: user.name })}</h1>
        <p className="text-sm text-muted-foreground">{t('dashboard.signedInAs', { identity: user.email ?? user.phoneNumber ?? user.name })}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="account-title" icon={UserRound} title={t('dashboard.accountTitle')}>
          <dl className="divide-y divide-border">
            <Row label={t('dashboard.email')}>
              {user.email ? (
                <>
                  <span className="break-all">{user.email}</span>
                  {verification(user.emailVerified)}
                </>
              ) : (
                t('dashboard.notProvided')
              )}
            </Row>
            <Row label={t('dashboard.phone')}>
              {user.phoneNumber ? (
                <>
                  <span>{user.phoneNumber}</span>
                  {verification(user.phoneNumberVerified)}
                </>
              ) : (
                t('dashboard.notProvided')
              )}
            </Row>
            <Row label={t('dashboard.platformRole')}>{user.role === 'admin' ? t('dashboard.roleAdmin') : t('dashboard.roleUser')}</Row>
            <Row label={t('dashboard.assurance')}>{session.aal === 'aal2' ? t('dashboard.aal2') : t('dashboard.aal1')}</Row>
          </dl>
        </Section>
        <Section id="steps-title" icon={ShieldCheck} title={t('dashboard.nextStepsTitle')}>
          <ul className="flex flex-col gap-3 text-sm">
            <Step done={isVerified(session)} to={localizePath(locale, '/app/user/verify')}>
              {isVerified(session) ? t('dashboard.stepVerifyDone') : t('dashboard.stepVerify')}
            </Step>
            <Step done={user.twoFactorEnabled} to={localizePath(locale, '/app/user/two-factor')}>
              {user.twoFactorEnabled ? t('dashboard.stepTwoFactorDone') : t('dashboard.stepTwoFactor')}
            </Step>
          </ul>
        </Section>
      </div>
      <Section id="company-title" title={t('dashboard.companyTitle')}>
        <EmptyState icon={Building2} title={t('dashboard.noCompanyTitle')} description={t('dashboard.noCompany')} />
      </Section>
      <Section id="realtime-title" icon={Radio} title={t('dashboard.realtimeTitle')}>
        <p className="text-sm" role="status" data-realtime-state={realtime.state}>
          {realtimeLabel}
          {realtime.latencyMs !== null ? ` · ${t('dashboard.realtimeLatency', { ms: realtime.latencyMs })}` : null}
        </p>
      </Section>
    </div>
  )
}
