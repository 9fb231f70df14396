import { useMatches } from 'react-router'
import { useTranslation } from '../../../platform/i18n/react'
import type { GuideProgress } from '../../../workflows/guide/guide-steps'
import { useRootData } from '../../use-root-data'

type PageGuide = { guideProgress: GuideProgress | null }

const bringsGuide = (data: unknown): data is PageGuide => typeof data === 'object' && data !== null && 'guideProgress' in data

/**
 * The getting-started progress the sidebar shows, or null once the guide is finished or dismissed. A page that reads the
 * guide fresh (the guide page) brings `guideProgress` in its loader data and wins over the root's cached figure.
 */
export function useGuideProgress(): GuideProgress | null {
  const { guide } = useRootData()
  const page = useMatches()
    .map((match) => match.loaderData)
    .find(bringsGuide)
  return page ? page.guideProgress : guide
}

/** The guide's sidebar label: its name and "4/9" on one line, a thin bar of the steps done under it. */
export function GuideProgressLabel({ label, progress }: { label: string; progress: GuideProgress }) {
  const { t } = useTranslation('common')
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100)
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1" data-guide-progress={`${progress.done}/${progress.total}`}>
      <span className="flex items-baseline justify-between gap-2">
        <span className="truncate">{label}</span>
        <span className="shrink-0 text-xs tabular-nums" aria-hidden>
          {progress.done}/{progress.total}
        </span>
        <span className="sr-only">{t('nav.guideProgress', { done: progress.done, total: progress.total })}</span>
      </span>
      <span aria-hidden className="h-1 overflow-hidden rounded-full bg-muted-foreground/20">
        <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
    </span>
  )
}
