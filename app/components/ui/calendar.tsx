import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react'
import { type ChevronProps, type ClassNames, DayPicker, type DayPickerProps } from 'react-day-picker'
import { type DayPickerLocale, enUS, zhCN, zhTW } from 'react-day-picker/locale'
import { useTranslation } from '../../platform/i18n/react'
import { type Locale, matchLocale } from '../../platform/i18n/locales'
import { buttonClasses } from './button'
import { cn } from './cn'

/** Day picker locales bring translated month and weekday names and the grid's own aria labels. */
const DAY_PICKER_LOCALES: Record<Locale, DayPickerLocale> = { en: enUS, 'zh-Hans': zhCN, 'zh-Hant': zhTW }

const CLASS_NAMES: Partial<ClassNames> = {
  root: 'relative w-fit p-3',
  months: 'flex flex-col gap-4',
  month: 'flex flex-col gap-3',
  nav: 'absolute inset-x-3 top-3 flex items-center justify-between',
  button_previous: buttonClasses('ghost', 'size-8 p-0 disabled:opacity-40', 'icon'),
  button_next: buttonClasses('ghost', 'size-8 p-0 disabled:opacity-40', 'icon'),
  month_caption: 'flex h-8 items-center justify-center',
  caption_label: 'text-sm font-medium',
  month_grid: 'border-collapse',
  weekday: 'size-9 text-xs font-normal text-muted-foreground',
  day: 'size-9 p-0 text-center text-sm',
  day_button: 'size-9 rounded-md hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none',
  today: '[&>button]:font-semibold [&>button]:underline [&>button]:underline-offset-4',
  selected: '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
  outside: 'text-muted-foreground opacity-60',
  disabled: 'text-muted-foreground opacity-40',
  hidden: 'invisible',
}

const CHEVRONS = { left: ChevronLeft, right: ChevronRight, up: ChevronUp, down: ChevronDown } as const

function CalendarChevron({ orientation = 'left', className }: ChevronProps) {
  const Icon = CHEVRONS[orientation]
  return <Icon aria-hidden="true" className={cn('size-4 rtl:rotate-180', className)} />
}

/** A month grid in the page's locale; arrow keys move between days, Page Up/Down between months. */
export function Calendar({ classNames, showOutsideDays = true, ...props }: DayPickerProps) {
  const { i18n } = useTranslation('ui')
  return (
    <DayPicker
      locale={DAY_PICKER_LOCALES[matchLocale(i18n.language) ?? 'en']}
      showOutsideDays={showOutsideDays}
      classNames={{ ...CLASS_NAMES, ...classNames }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  )
}
