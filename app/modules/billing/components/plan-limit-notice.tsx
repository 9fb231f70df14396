import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { useFormatter } from '../../../components/use-formatter'
import { useRootData } from '../../../components/use-root-data'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { PLAN_LIMITS, type PlanLimit } from '../billing.constants'
import { formatLimitValue } from '../limit-format'

/** A limit the company is close to or has reached: which, the plan's limit and the usage. */
export type LimitStatus = { key: PlanLimit; limit: number; usage: number }

const isPlanLimit = (key: string): key is PlanLimit => (PLAN_LIMITS as readonly string[]).includes(key)

/**
 * A plan limit in the way, with the way past it: shown before the action while the company is near or at the limit,
 * and after an action the limit refused (402). The link goes to the plan page.
 */
export function PlanLimitNotice({ status, refused = false }: { status: { key: string; limit: number; usage: number }; refused?: boolean }) {
  const { t } = useTranslation('common')
  const { locale } = useRootData()
  const format = useFormatter()
  if (!isPlanLimit(status.key)) return null
  const values = {
    limit: t(`planLimit.limits.${status.key}`),
    usage: formatLimitValue(format, status.key, status.usage),
    max: formatLimitValue(format, status.key, status.limit),
  }
  const reached = refused || status.usage >= status.limit
  return (
    <Alert tone={reached ? 'error' : 'warning'} title={reached ? t('planLimit.title') : undefined}>
      <p data-plan-limit={status.key}>
        {reached ? t('planLimit.body', values) : t('planLimit.near', values)}{' '}
        <Link to={localizePath(locale, '/app/settings/plan')} className="font-medium text-primary underline underline-offset-4">
          {t('planLimit.upgrade')}
        </Link>
      </p>
    </Alert>
  )
}
