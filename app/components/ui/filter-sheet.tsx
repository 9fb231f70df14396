import { SlidersHorizontal } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '../../platform/i18n/react'
import { Button } from './button'
import { cn } from './cn'
import { Sheet, SheetClose, SheetContent, SheetTrigger } from './sheet'

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
  const open = openOn === location.pathname
  const breakpoint = BREAKPOINTS[inlineFrom]
  return (
    <div className={className}>
      <div className={breakpoint.inline}>{open ? null : children}</div>
      <Sheet open={open} onOpenChange={(next) => setOpenOn(next ? location.pathname : null)}>
        <SheetTrigger asChild>
          <Button variant="secondary" className={cn('w-full', breakpoint.trigger)}>
            <SlidersHorizontal aria-hidden="true" />
            {active ? t('filterSheet.buttonActive') : t('filterSheet.button')}
          </Button>
        </SheetTrigger>
        <SheetContent
          side="left"
          title={t('filterSheet.title')}
          description={t('filterSheet.description')}
          hideDescription
          hideTitle={headed}
          className="w-[min(22rem,90vw)]"
        >
          {children}
          <SheetClose asChild>
            <Button className="mt-4 w-full">{t('filterSheet.showResults')}</Button>
          </SheetClose>
        </SheetContent>
      </Sheet>
    </div>
  )
}
