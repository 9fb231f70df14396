import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClasses } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import type { SpriteIconName } from '../../../components/ui/sprite-icons'
import type { HowToStep, QuestionAndAnswer } from '../landing-json-ld'

/** Sections below the hero skip layout and paint until they come near the viewport; the size is a first guess. */
const DEFERRED_LAYOUT = '[content-visibility:auto] [contain-intrinsic-size:auto_40rem]'

/** A point of a landing page, already translated: its icon, heading and text. */
export type LandingPoint = { id: string; icon: SpriteIconName; title: string; body: string }

/** Call-to-action links; a long translation wraps instead of pushing the page wider than a phone. */
export type LandingAction = { to: string; label: string; variant?: 'primary' | 'secondary' }

export function LandingActions({ actions, className }: { actions: LandingAction[]; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
      {actions.map((action) => (
        <Link key={action.to} to={action.to} className={buttonClasses(action.variant ?? 'primary', 'min-h-11 px-6 text-base whitespace-normal text-center')}>
          {action.label}
        </Link>
      ))}
    </div>
  )
}

/** The page's opening: eyebrow, the one h1, the promise, its actions, and optionally a picture beside it. */
export function LandingHero({
  eyebrow,
  title,
  intro,
  actions,
  aside,
}: {
  eyebrow: string
  title: string
  intro: string
  actions: LandingAction[]
  aside?: ReactNode
}) {
  return (
    <section className="border-b border-border bg-gradient-to-b from-accent to-background">
      <div className={cn('mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20', aside ? 'lg:grid-cols-[5fr_6fr] lg:items-center' : 'max-w-4xl text-center')}>
        <div className={cn('flex flex-col gap-5', aside ? 'items-start' : 'items-center')}>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{intro}</p>
          <LandingActions actions={actions} className={aside ? undefined : 'justify-center'} />
        </div>
        {aside}
      </div>
    </section>
  )
}

/** A section with its h2 (the section is labelled by it) and an optional line under it. */
export function LandingSection({ id, title, intro, tinted, children }: { id: string; title: string; intro?: string; tinted?: boolean; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn(DEFERRED_LAYOUT, 'scroll-mt-4', tinted && 'border-y border-border bg-muted/40')}>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-14 sm:py-16">
        <div className="flex max-w-3xl flex-col gap-2">
          <h2 id={`${id}-title`} className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {intro ? <p className="text-muted-foreground">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  )
}

/** Points in a grid of cards, each with its icon. */
export function PointGrid({ points, columns = 3 }: { points: LandingPoint[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns]
  return (
    <ul className={cn('grid gap-4', grid)}>
      {points.map((point) => (
        <li key={point.id} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-5 shadow-sm">
          <span className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <SpriteIcon name={point.icon} className="size-5" />
          </span>
          <h3 className="font-semibold">{point.title}</h3>
          <p className="text-sm text-muted-foreground">{point.body}</p>
        </li>
      ))}
    </ul>
  )
}

/** A numbered process; each step has an anchor (`step-1` …) that the page's HowTo data points to. */
export function StepList({ steps }: { steps: HowToStep[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} id={`step-${index + 1}`} className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
          <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h3 className="font-semibold">
              <span className="sr-only">{index + 1}. </span>
              {step.title}
            </h3>
            <p className="text-sm text-muted-foreground">{step.body}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** Questions and answers, as a description list (the page's FAQPage data carries the same texts). */
export function FaqList({ items }: { items: QuestionAndAnswer[] }) {
  return (
    <dl className="grid gap-x-10 gap-y-6 md:grid-cols-2">
      {items.map((item) => (
        <div key={item.q} className="flex flex-col gap-2">
          <dt className="font-semibold">{item.q}</dt>
          <dd className="text-muted-foreground">{item.a}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The closing band: one heading, one line, the page's main actions. */
export function CtaBand({ id, title, body, actions }: { id: string; title: string; body: string; actions: LandingAction[] }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn(DEFERRED_LAYOUT, 'border-t border-border bg-accent/60')}>
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-14 text-center">
        <h2 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
        <p className="max-w-2xl text-muted-foreground">{body}</p>
        <LandingActions actions={actions} className="justify-center" />
      </div>
    </section>
  )
}
