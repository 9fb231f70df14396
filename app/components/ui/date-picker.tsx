import { CalendarDays } from 'lucide-react'
import { type ComponentProps, useId, useState } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Calendar } from './calendar'
import { cn } from './cn'
import { CONTROL_CLASSES } from './input'
import { toIsoDate } from './iso-date'
import { Popover, PopoverContent, PopoverTrigger } from './popover'

type DatePickerProps = Pick<
  ComponentProps<'button'>,
  'id' | 'aria-label' | 'aria-labelledby' | 'aria-describedby' | 'aria-invalid' | 'disabled' | 'className'
> & {
  value: Date | undefined
  onChange: (date: Date | undefined) => void
  /** Submits the date as YYYY-MM-DD with the surrounding form. */
  name?: string
  placeholder?: string
  min?: Date
  max?: Date
  /** The user's time zone; without it the date is shown in the runtime's zone, which differs between server and browser. */
  timeZone?: string
}

/** A button showing the chosen date (or "Pick a date") that opens a calendar; Escape closes it. */
export function DatePicker({ value, onChange, name, placeholder, min, max, timeZone, className, 'aria-labelledby': labelledBy, ...trigger }: DatePickerProps) {
  const { t, i18n } = useTranslation('ui')
  const [open, setOpen] = useState(false)
  const valueId = useId()
  const formatted = value ? new Intl.DateTimeFormat(i18n.tag, { dateStyle: 'long', timeZone }).format(value) : undefined

  function choose(date: Date | undefined) {
    onChange(date)
    setOpen(false)
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className={cn(CONTROL_CLASSES, 'flex items-center gap-2 text-start', !value && 'text-muted-foreground', className)}
        // The outside label names the field; the button's own text adds the chosen date.
        aria-labelledby={labelledBy ? `${labelledBy} ${valueId}` : undefined}
        {...trigger}
      >
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 opacity-60" />
        <span id={valueId} className="truncate">
          {formatted ?? placeholder ?? t('datePicker.placeholder')}
        </span>
      </PopoverTrigger>
      {name ? <input type="hidden" name={name} value={value ? toIsoDate(value) : ''} /> : null}
      <PopoverContent
        aria-label={t('datePicker.calendar')}
        align="start"
        className="w-auto p-0"
        // The calendar's autoFocus puts focus on the chosen day (or today) rather than the month buttons.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <Calendar
          mode="single"
          autoFocus
          selected={value}
          onSelect={choose}
          defaultMonth={value ?? min}
          startMonth={min}
          endMonth={max}
          disabled={[...(min ? [{ before: min }] : []), ...(max ? [{ after: max }] : [])]}
          timeZone={timeZone}
        />
      </PopoverContent>
    </Popover>
  )
}
