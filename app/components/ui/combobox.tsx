import { type ComponentProps, lazy, type ReactNode, startTransition, Suspense, useId, useState } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'
import { CONTROL_CLASSES } from './input'
import { SpriteIcon } from './sprite-icon'

export type ComboboxOption = { value: string; label: string; keywords?: string[]; disabled?: boolean }

export type ComboboxProps = Pick<
  ComponentProps<'button'>,
  'id' | 'aria-label' | 'aria-labelledby' | 'aria-describedby' | 'aria-invalid' | 'disabled' | 'className'
> & {
  options: ComboboxOption[]
  value: ComboboxOption | null
  onChange: (option: ComboboxOption) => void
  /** Submits the chosen value with the surrounding form. */
  name?: string
  placeholder?: string
  searchLabel?: string
  emptyMessage?: ReactNode
  /**
   * For server-side search: the combobox stops filtering `options` itself and reports each query;
   * the caller fetches and passes the new `options` (and `loading` while it waits).
   */
  onSearchChange?: (query: string) => void
  loading?: boolean
}

const loadPopover = () => import('./combobox-popover')
const ComboboxPopover = lazy(loadPopover)

export const comboboxTriggerClasses = (value: ComboboxOption | null, className?: string) =>
  cn(CONTROL_CLASSES, 'flex items-center justify-between gap-2 text-start', !value && 'text-muted-foreground', className)

/** The trigger's face: the chosen option (or the placeholder) and the up-down chevron. */
export function ComboboxTriggerText({ valueId, value, placeholder }: { valueId: string; value: ComboboxOption | null; placeholder?: string }) {
  const { t } = useTranslation('ui')
  return (
    <>
      <span id={valueId} className="truncate">
        {value?.label ?? placeholder ?? t('combobox.placeholder')}
      </span>
      <SpriteIcon name="chevrons-up-down" className="opacity-60" />
    </>
  )
}

/**
 * A searchable single choice: type to filter, arrow keys to move, Enter to choose, Escape to close.
 *
 * Until it is first used the combobox is only its button: the popover and the search list (Radix, cmdk) load when the
 * pointer or the focus reaches it and open on the click, so a page of filters ships and hydrates none of that code
 * (ADR 031). The chosen value is in the form either way.
 */
export function Combobox(props: ComboboxProps) {
  const [used, setUsed] = useState(false)
  const valueId = useId()
  const { id, value, name, placeholder, disabled, className, 'aria-label': label, 'aria-labelledby': labelledBy, 'aria-describedby': describedBy } = props
  // In a transition React keeps this button (and its focus) on screen until the popover's code has arrived.
  const openFirstTime = () => startTransition(() => setUsed(true))
  const button = (
    <>
      <button
        type="button"
        role="combobox"
        id={id}
        aria-label={label}
        aria-labelledby={labelledBy ? `${labelledBy} ${valueId}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={props['aria-invalid']}
        aria-expanded={false}
        aria-haspopup="dialog"
        disabled={disabled}
        className={comboboxTriggerClasses(value, className)}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={openFirstTime}
      >
        <ComboboxTriggerText valueId={valueId} value={value} placeholder={placeholder} />
      </button>
      {name ? <input type="hidden" name={name} value={value?.value ?? ''} /> : null}
    </>
  )
  return <Suspense fallback={button}>{used ? <ComboboxPopover {...props} initiallyOpen /> : button}</Suspense>
}
