import type { ReactNode } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Button } from './button'
import { Sheet, SheetClose, SheetContent, SheetTrigger } from './sheet'

/** The filters' sheet (Radix Dialog), loaded by `FilterSheet` when its button is first pressed. */
export default function FilterSheetPanel({
  open,
  onOpenChange,
  headed,
  trigger,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  headed: boolean
  trigger: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation('ui')
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent
        side="start"
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
  )
}
