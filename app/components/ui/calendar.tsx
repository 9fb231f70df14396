import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react'
import { useMemo } from 'react'
import { type ChevronProps, type ClassNames, DayPicker, type DayPickerProps, type Formatters, type Labels } from 'react-day-picker'
import type { TFunction } from '../../platform/i18n/i18n'
import { useTranslation } from '../../platform/i18n/react'
import { buttonClasses } from './button'
import { cn } from './cn'

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

type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6

/** The locale's first day of the week (0 = Sunday), from `Intl.Locale` week info where the runtime has it. */
export function weekStartOf(tag: string): WeekDay {
  try {
    type WithWeekInfo = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } }
    const locale = new Intl.Locale(tag) as WithWeekInfo
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay
    return firstDay ? ((firstDay % 7) as WeekDay) : 0
  } catch {
    return 0
  }
}

/**
 * Month and weekday names, day numbers and the grid's aria labels in the interface language through `Intl` (one
 * formatter set for any of the interface languages, instead of a date library locale per language).
 */
export function calendarText(tag: string, t: TFunction, timeZone?: string): { formatters: Partial<Formatters>; labels: Partial<Labels> } {
  const caption = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone })
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone })
  const weekdayLong = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone })
  const day = new Intl.DateTimeFormat(tag, { day: 'numeric', timeZone })
  const full = new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone })
  return {
    formatters: {
      formatCaption: (month) => caption.format(month),
      formatWeekdayName: (date) => weekday.format(date),
      formatDay: (date) => day.format(date),
    },
    labels: {
      labelGrid: (month) => caption.format(month),
      labelWeekday: (date) => weekdayLong.format(date),
      labelPrevious: () => t('datePicker.previousMonth'),
      labelNext: () => t('datePicker.nextMonth'),
      labelNav: () => t('datePicker.navigation'),
      labelDayButton: (date, modifiers) => {
        const label = modifiers.today ? t('datePicker.today', { date: full.format(date) }) : full.format(date)
        return modifiers.selected ? t('datePicker.selected', { label }) : label
      },
    },
  }
}

/** A month grid in the interface language and its direction; arrow keys move between days, Page Up/Down between months. */
export function Calendar({ classNames, showOutsideDays = true, timeZone, ...props }: DayPickerProps) {
  const { t, i18n } = useTranslation('ui')
  const text = useMemo(() => calendarText(i18n.tag, t, timeZone), [i18n.tag, t, timeZone])
  return (
    <DayPicker
      dir={i18n.dir}
      weekStartsOn={weekStartOf(i18n.tag)}
      formatters={text.formatters}
      labels={text.labels}
      timeZone={timeZone}
      showOutsideDays={showOutsideDays}
      classNames={{ ...CLASS_NAMES, ...classNames }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  )
}
