import { ArrowRight, CheckCircle2, Circle, EyeOff, PartyPopper } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { useRootData } from '../../../components/use-root-data'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../../components/ui/card'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { GUIDE_GROUPS, type Guide, type GuideStep } from '../guide-steps'
import type { GuideIntentInput } from '../guide.inputs'

type Failure = { fieldErrors: Record<string, string[]>; formError?: { message: string } }

/** Posts the page's one intent: hide the guide from the sidebar, or show it there again. */
function GuideIntentForm({ intent, label, variant }: { intent: GuideIntentInput['intent']; label: string; variant: 'ghost' | 'secondary' }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} size="sm" disabled={busy} className="gap-1.5">
        {intent === 'dismiss' ? <EyeOff aria-hidden /> : null}
        {label}
      </Button>
    </Form>
  )
}

function StepIcon({ done }: { done: boolean }) {
  return done ? (
    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-status-accept" aria-hidden />
  ) : (
    <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
  )
}

/** One step: what it is and why, how far along a counted or multi-part step is, and the way to where it is done. */
function GuideStepItem({ step }: { step: GuideStep }) {
  const { t } = useTranslation('guide')
  const { locale } = useRootData()
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0" data-step={step.id} data-done={step.done}>
      <StepIcon done={step.done} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium break-words">
          {t(`steps.${step.id}.title`)}
          {step.done ? <span className="sr-only"> — {t('doneLabel')}</span> : null}
        </p>
        <p className="text-sm break-words text-muted-foreground">{t(`steps.${step.id}.description`)}</p>
        {step.count ? (
          <div className="flex items-center gap-2 text-sm" data-step-count={`${step.count.done}/${step.count.goal}`}>
            <span aria-hidden className="h-1.5 w-24 overflow-hidden rounded-full bg-muted-foreground/20">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.min(100, (step.count.done / step.count.goal) * 100)}%` }} />
            </span>
            <span className="tabular-nums">{t('countLabel', { done: step.count.done, goal: step.count.goal })}</span>
          </div>
        ) : null}
        {step.parts ? (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('partsLabel')}>
            {step.parts.map(({ part, done }) => (
              <li key={part} className="flex items-center gap-1.5" data-part={part} data-done={done}>
                {done ? <CheckCircle2 className="size-4 text-status-accept" aria-hidden /> : <Circle className="size-4 text-muted-foreground" aria-hidden />}
                {t(`parts.${part}`)}
                <span className="sr-only"> — {done ? t('doneLabel') : t('missingLabel')}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {step.done ? null : step.needsAdmin ? (
          <p className="text-xs text-muted-foreground">{t('needsAdmin')}</p>
        ) : (
          <Link to={localizePath(locale, step.href)} className={buttonClasses('secondary', 'mt-1 w-fit max-w-full gap-1 whitespace-normal', 'sm')}>
            {t(`steps.${step.id}.action`)}
            <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </Link>
        )}
      </div>
    </li>
  )
}

/**
 * The getting-started checklist: progress, then each group's steps, done ones ticked, the rest with their way there. The
 * member may hide it from the sidebar and show it there again; the page itself stays (account menu, dashboard).
 */
export function GuidePage({ guide, company, created, failure }: { guide: Guide; company: string; created: boolean; failure?: Failure }) {
  const { t } = useTranslation('guide')
  const { locale } = useRootData()
  const percent = guide.total === 0 ? 100 : Math.round((guide.done / guide.total) * 100)
  const failed = failure ? (failure.formError?.message ?? t('validation.intent')) : null
  return (
    <div className="flex flex-col gap-6">
      {created ? (
        <Alert tone="success" title={t('created.title', { company })}>
          {t('created.body')}
        </Alert>
      ) : null}
      {failed ? <Alert tone="error">{failed}</Alert> : null}
      {guide.state === 'dismissed' ? (
        <Alert tone="info" title={t('dismissed.title')}>
          <div className="flex flex-col items-start gap-2">
            <p>{t('dismissed.body')}</p>
            <GuideIntentForm intent="show" label={t('dismissed.show')} variant="secondary" />
          </div>
        </Alert>
      ) : null}
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-semibold break-words">{t('title', { company })}</h1>
          <p className="text-sm text-muted-foreground">{t('intro')}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <progress
              className="h-2 w-full max-w-sm appearance-none overflow-hidden rounded-full bg-muted-foreground/20 [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted-foreground/20 [&::-webkit-progress-value]:bg-primary"
              value={guide.done}
              max={guide.total}
              aria-label={t('progressLabel')}
            />
            <span className="text-sm tabular-nums" data-guide-done={`${guide.done}/${guide.total}`}>
              {t('progress', { done: guide.done, total: guide.total, percent })}
            </span>
          </div>
        </div>
        {guide.state === 'open' ? <GuideIntentForm intent="dismiss" label={t('dismiss')} variant="ghost" /> : null}
      </header>
      {guide.state === 'completed' ? (
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
                  <GuideStepItem key={step.id} step={step} />
                ))}
              </ol>
            </Card>
          )
        })}
      </div>
    </div>
  )
}
