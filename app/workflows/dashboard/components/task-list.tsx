import { Link } from 'react-router'
import { Card, CardHeader, CardTitle } from '../../../components/ui/card'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import type { SpriteIconName } from '../../../components/ui/sprite-icons'
import { useFormatter } from '../../../components/use-formatter'
import { dateTimeFormat } from '../../../platform/format/formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { isStep, type Task, type TaskId } from '../dashboard-tasks'

const ICONS: Record<TaskId, SpriteIconName> = {
  setUpCompany: 'building-complex',
  verificationQueue: 'shield-check',
  ordersToConfirm: 'clipboard-check',
  quotationsToDecide: 'scale',
  rfqsToQuote: 'file-question-mark',
  changesToDecide: 'hourglass',
  overdueShipments: 'truck',
  overdueDeliveries: 'triangle-exclamation-point',
  rfqsClosing: 'inbox',
  unreadThreads: 'messages-square',
  supplierVerification: 'badge-check',
  addAddress: 'map-pin',
  lowStock: 'package-minus',
  addPayoutAccount: 'landmark',
  listServices: 'concierge-bell',
}

/** "Needs you now": each queue with its count, its first items and the list behind it; steps with their hint. */
export function TaskList({ tasks, locale }: { tasks: Task[]; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  // Plain days (a requested delivery date) are calendar days, not instants: shown as written, not shifted by a zone.
  const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const dateOf = (value: string) => (value.length === 10 ? day.format(new Date(`${value}T00:00:00Z`)) : format.date(value))
  const open = tasks.filter((task) => task.count > 0)
  // A queue past the cap reads "100+": it is not counted to the end (its list behind the link is).
  const queueLength = (task: Task) => `${format.number(task.count)}${task.more ? '+' : ''}`
  return (
    <Card aria-labelledby="tasks-title" className="p-4 sm:p-6">
      <CardHeader>
        <CardTitle id="tasks-title">{t('tasks.title')}</CardTitle>
      </CardHeader>
      {open.length === 0 ? (
        <div className="flex items-start gap-3 rounded-md bg-status-accept-bg p-4 text-sm" data-testid="tasks-all-clear">
          <SpriteIcon name="circle-check" className="mt-0.5 size-5 text-status-accept" />
          <div>
            <p className="font-medium">{t('tasks.allClear')}</p>
            <p className="text-muted-foreground">{t('tasks.allClearHint')}</p>
          </div>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {open.map((task) => {
            const step = isStep(task.id)
            return (
              <li key={task.id} className="flex gap-3 py-3 first:pt-0 last:pb-0" data-task={task.id}>
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <SpriteIcon name={ICONS[task.id]} />
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Link to={localizePath(locale, task.href)} className="font-medium text-foreground underline-offset-4 hover:underline">
                      {step ? t(`tasks.${task.id}.title`) : t(`tasks.${task.id}.title`, { count: task.count, number: queueLength(task) })}
                    </Link>
                    {!step && (task.more || task.items.length < task.count) ? (
                      <Link to={localizePath(locale, task.href)} className="text-xs text-primary underline-offset-4 hover:underline">
                        {t('tasks.viewAll')}
                      </Link>
                    ) : null}
                  </div>
                  {step ? <p className="text-sm text-muted-foreground">{t(`tasks.${task.id}.hint`)}</p> : null}
                  {task.items.length > 0 ? (
                    <ul className="flex flex-col gap-0.5 text-sm">
                      {task.items.map((item) => (
                        <li key={item.id} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                          <Link to={localizePath(locale, item.href)} className="min-w-0 truncate text-primary underline-offset-4 hover:underline">
                            {item.title}
                          </Link>
                          {item.detail ? <span className="min-w-0 truncate text-muted-foreground">{item.detail}</span> : null}
                          {task.id === 'quotationsToDecide' && item.quotations ? (
                            <span className="text-muted-foreground">{t('tasks.quotations', { count: item.quotations })}</span>
                          ) : null}
                          {item.date ? <span className="text-xs text-muted-foreground">{t(`tasks.${task.id}.date`, { date: dateOf(item.date) })}</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}
