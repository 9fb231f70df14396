import { numberFormatOf } from '../../platform/format/formatter'
import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'

export type StepperStep = { id: string; label: ReactNode; description?: ReactNode }

type StepStatus = 'complete' | 'current' | 'upcoming'

type StepperProps = {
  steps: StepperStep[]
  /** Index of the step in progress; the steps before it are complete. Past the last index, every step is complete. */
  current: number
  /** Names the step list; defaults to the translated "Progress". */
  label?: string
  className?: string
}

function statusOf(index: number, current: number): StepStatus {
  if (index < current) return 'complete'
  return index === current ? 'current' : 'upcoming'
}

/** An ordered list of steps; the current one carries aria-current="step", completed ones say so to screen readers. */
export function Stepper({ steps, current, label, className }: StepperProps) {
  const { t, i18n } = useTranslation('ui')
  const number = numberFormatOf(i18n.language)
  return (
    <nav aria-label={label ?? t('stepper.label')} className={className}>
      <ol className="flex flex-col gap-3 sm:flex-row sm:gap-4">
        {steps.map((step, index) => {
          const status = statusOf(index, current)
          return (
            <li
              key={step.id}
              aria-current={status === 'current' ? 'step' : undefined}
              className={cn(
                'flex flex-1 items-start gap-3 border-s-4 ps-3 sm:border-s-0 sm:border-t-4 sm:ps-0 sm:pt-3',
                status === 'upcoming' ? 'border-border' : 'border-primary',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  status === 'complete' && 'border-primary bg-primary text-primary-foreground',
                  status === 'current' && 'border-primary text-primary',
                  status === 'upcoming' && 'border-border text-muted-foreground',
                )}
              >
                {status === 'complete' ? <Check className="size-3.5" /> : number.format(index + 1)}
              </span>
              <span className="flex flex-col gap-0.5">
                <span className={cn('text-sm font-medium', status === 'upcoming' ? 'text-muted-foreground' : 'text-foreground')}>
                  {step.label}
                  {status === 'complete' ? <span className="sr-only"> {t('stepper.completed')}</span> : null}
                </span>
                {step.description ? <span className="text-xs text-muted-foreground">{step.description}</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
