import { ArrowRight, CheckCircle2, Circle, PartyPopper } from 'lucide-react'
import { Link } from 'react-router'
import { useRootData } from '../../../components/use-root-data'
import { Alert } from '../../../components/ui/alert'
import { buttonClasses } from '../../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../../components/ui/card'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { GUIDE_GROUPS, type Guide } from '../guide-steps'

/** The getting-started checklist: progress, then each group's steps, done ones ticked, the rest with their way there. */
export function GuidePage({ guide, created }: { guide: Guide; created: boolean }) {
  const { t } = useTranslation('guide')
  const { locale } = useRootData()
  const percent = guide.total === 0 ? 100 : Math.round((guide.done / guide.total) * 100)
  return (
    <div className="flex flex-col gap-6">
      {created ? (
        <Alert tone="success" title={t('created.title', { company: guide.company })}>
          {t('created.body')}
        </Alert>
      ) : null}
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold break-words">{t('title', { company: guide.company })}</h1>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
        <div className="flex items-center gap-3">
          <progress
            className="h-2 w-full max-w-sm overflow-hidden rounded-full accent-primary"
            value={guide.done}
            max={guide.total}
            aria-label={t('progressLabel')}
          />
          <span className="text-sm tabular-nums">{t('progress', { done: guide.done, total: guide.total, percent })}</span>
        </div>
      </header>
      {guide.done === guide.total ? (
        <div className="flex items-start gap-3 rounded-lg bg-status-accept-bg p-4 text-sm">
          <PartyPopper className="mt-0.5 size-5 shrink-0 text-status-accept" aria-hidden />
          <p>
            {t('allDone')}{' '}
            <Link to={localizePath(locale, '/app/dashboard')} className="text-primary underline underline-offset-4">
              {t('toDashboard')}
            </Link>
          </p>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {GUIDE_GROUPS.map((group) => {
          const steps = guide.steps.filter((step) => step.group === group)
          if (steps.length === 0) return null
          return (
            <Card key={group} aria-labelledby={`guide-${group}`} className="p-4 sm:p-6">
              <CardHeader>
                <CardTitle id={`guide-${group}`}>{t(`groups.${group}`)}</CardTitle>
              </CardHeader>
              <ol className="flex flex-col divide-y divide-border">
                {steps.map((step) => (
                  <li key={step.id} className="flex gap-3 py-3 first:pt-0 last:pb-0" data-step={step.id} data-done={step.done}>
                    {step.done ? (
                      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-status-accept" aria-hidden />
                    ) : (
                      <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                    )}
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <p className="font-medium">
                        {t(`steps.${step.id}.title`)}
                        {step.done ? <span className="sr-only"> — {t('doneLabel')}</span> : null}
                      </p>
                      <p className="text-sm text-muted-foreground">{t(`steps.${step.id}.description`)}</p>
                      {step.done ? null : (
                        <Link to={localizePath(locale, step.href)} className={buttonClasses('secondary', 'mt-1 w-fit gap-1', 'sm')}>
                          {t(`steps.${step.id}.action`)}
                          <ArrowRight className="size-4" aria-hidden />
                        </Link>
                      )}
                    </div>
                  </li>
                ))}
              </ol>
            </Card>
          )
        })}
      </div>
    </div>
  )
}
