import { lazy, type ReactNode, startTransition, Suspense, useState } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '../../platform/i18n/react'
import { Button } from './button'
import { cn } from './cn'
import { SpriteIcon } from './sprite-icon'

const loadPanel = () => import('./filter-sheet-panel')
const FilterSheetPanel = lazy(loadPanel)

/** From which breakpoint the filters sit in the page; below it they open in a sheet. */
const BREAKPOINTS = {
  sm: { inline: 'max-sm:hidden', trigger: 'sm:hidden' },
  lg: { inline: 'max-lg:hidden', trigger: 'lg:hidden' },
} as const

type FilterSheetProps = {
  /** Whether any filter narrows the results (the button says so). */
  active?: boolean
  /** The filters begin with their own "Filters" heading, so the sheet's title is for screen readers only. */
  headed?: boolean
  inlineFrom?: keyof typeof BREAKPOINTS
  className?: string
  /** The filters: rendered once, in the page on wide screens or in the sheet while it is open. */
  children: ReactNode
}

/**
 * Filters beside or above the results on wide screens; on a phone, a "Filters" button in their place opens them in a
 * sheet. The filters stay mounted (hidden) on a phone while the sheet is closed, so a search box or sort select that
 * joins their form through its `form` attribute keeps working. Filters apply as they change, so the sheet stays open
 * while they do (several can be chosen in a row); "Show results" or leaving the page closes it.
 */
export function FilterSheet({ active = false, headed = false, inlineFrom = 'lg', className, children }: FilterSheetProps) {
  const { t } = useTranslation('ui')
  const location = useLocation()
  // Open for the page it was opened on: applying a filter changes only the query, another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  // The sheet's code (Radix Dialog) loads when the pointer or the focus reaches the button, and is used from its first
  // press on; in a transition React keeps the button (and its focus) on screen until the code is there (ADR 031).
  const [used, setUsed] = useState(false)
  const open = openOn === location.pathname
  const changeOpen = (next: boolean) => setOpenOn(next ? location.pathname : null)
  const openFirstTime = () =>
    startTransition(() => {
      setUsed(true)
      changeOpen(true)
    })
  const breakpoint = BREAKPOINTS[inlineFrom]
  const trigger = (
    <Button
      variant="secondary"
      className={cn('w-full', breakpoint.trigger)}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={used ? undefined : openFirstTime}
    >
      <SpriteIcon name="sliders-horizontal" />
      {active ? t('filterSheet.buttonActive') : t('filterSheet.button')}
    </Button>
  )
  return (
    <div className={className}>
      <div className={breakpoint.inline}>{open ? null : children}</div>
      <Suspense fallback={trigger}>
        {used ? (
          <FilterSheetPanel open={open} onOpenChange={changeOpen} headed={headed} trigger={trigger}>
            {children}
          </FilterSheetPanel>
        ) : (
          trigger
        )}
      </Suspense>
    </div>
  )
}
