import { useEffect, useReducer } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { useFetchers, useNavigation } from 'react-router'
import { cn } from './cn'
import { IDLE_PROGRESS, nextTickAt, PROGRESS_HEIGHT_PX, progressView, reduceProgress } from './progress-bar-state'

export { PROGRESS_DURATION_MS, PROGRESS_HEIGHT_PX, PROGRESS_HIDE_DELAY_MS, PROGRESS_RESET_DELAY_MS, PROGRESS_THROTTLE_MS } from './progress-bar-state'

function useIsLoading(): boolean {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  return navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
}

/**
 * §9: a thin bar across the top of the viewport while a navigation or any fetcher is in flight.
 * Timing lives in progress-bar-state.ts; this component only feeds it clock readings.
 */
export function NavigationProgress() {
  const { t } = useTranslation('ui')
  const loading = useIsLoading()
  const [state, dispatch] = useReducer(reduceProgress, IDLE_PROGRESS)
  const wakeAt = nextTickAt(state)

  useEffect(() => {
    dispatch({ type: loading ? 'start' : 'stop', now: performance.now() })
  }, [loading])

  useEffect(() => {
    if (wakeAt === null) return
    const timer = setTimeout(() => dispatch({ type: 'tick', now: performance.now() }), Math.max(0, wakeAt - performance.now()))
    return () => clearTimeout(timer)
  }, [wakeAt])

  const { visible, value } = progressView(state)
  return (
    <div
      role="progressbar"
      aria-label={t('navigationProgress.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      aria-hidden={visible ? undefined : true}
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-50 transition-opacity duration-300 motion-reduce:transition-none',
        visible ? 'opacity-100' : 'opacity-0',
      )}
      style={{ height: PROGRESS_HEIGHT_PX }}
    >
      <div
        className="h-full origin-left bg-progress transition-transform duration-200 ease-out motion-reduce:transition-none rtl:origin-right"
        style={{ transform: `scaleX(${value / 100})` }}
      />
    </div>
  )
}
