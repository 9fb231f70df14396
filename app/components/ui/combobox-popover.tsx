import { Command } from 'cmdk'
import { Check } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'
import { type ComboboxOption, type ComboboxProps, comboboxTriggerClasses, ComboboxTriggerText } from './combobox'
import { Popover, PopoverContent, PopoverTrigger } from './popover'

/**
 * The combobox once used: its popover and search list (cmdk), loaded by `Combobox` on the first click and mounted open.
 */
export default function ComboboxPopover({
  options,
  value,
  onChange,
  name,
  placeholder,
  searchLabel,
  emptyMessage,
  onSearchChange,
  loading = false,
  initiallyOpen,
  className,
  'aria-labelledby': labelledBy,
  ...trigger
}: ComboboxProps & { initiallyOpen: boolean }) {
  const { t } = useTranslation('ui')
  const [open, setOpen] = useState(initiallyOpen)
  const valueId = useId()
  const [query, setQuery] = useState('')
  const search = searchLabel ?? t('combobox.search')

  function changeOpen(next: boolean) {
    setOpen(next)
    if (next) return
    setQuery('')
    onSearchChange?.('')
  }

  function changeQuery(next: string) {
    setQuery(next)
    onSearchChange?.(next)
  }

  function choose(option: ComboboxOption) {
    onChange(option)
    changeOpen(false)
  }

  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger
        role="combobox"
        className={comboboxTriggerClasses(value, className)}
        // The outside label names the field; the button's own text adds the chosen option.
        aria-labelledby={labelledBy ? `${labelledBy} ${valueId}` : undefined}
        {...trigger}
      >
        <ComboboxTriggerText valueId={valueId} value={value} placeholder={placeholder} />
      </PopoverTrigger>
      {name ? <input type="hidden" name={name} value={value?.value ?? ''} /> : null}
      <PopoverContent aria-label={search} align="start" className="w-(--radix-popover-trigger-width) min-w-56 p-0">
        <Command label={search} shouldFilter={!onSearchChange} className="flex flex-col">
          <Command.Input
            value={query}
            onValueChange={changeQuery}
            placeholder={t('combobox.searchPlaceholder')}
            className="border-b border-border bg-transparent px-3 py-2 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Command.List label={t('combobox.options')} className="max-h-64 overflow-y-auto p-1">
            {loading ? (
              <Command.Loading label={t('loading')} className="px-2 py-3 text-center text-sm text-muted-foreground">
                {t('loading')}
              </Command.Loading>
            ) : (
              <Command.Empty className="px-2 py-3 text-center text-sm text-muted-foreground">{emptyMessage ?? t('combobox.empty')}</Command.Empty>
            )}
            {options.map((option) => (
              <Command.Item
                key={option.value}
                value={option.value}
                keywords={[option.label, ...(option.keywords ?? [])]}
                disabled={option.disabled}
                onSelect={() => choose(option)}
                className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
              >
                <Check aria-hidden="true" className={cn('size-4 shrink-0', option.value === value?.value ? 'opacity-100' : 'opacity-0')} />
                {option.label}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  )
}
