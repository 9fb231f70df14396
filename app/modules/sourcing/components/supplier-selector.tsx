import { X } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { cn } from '../../../components/ui/cn'
import { CONTROL_CLASSES } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { countryName } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import { VerifiedBadge } from '../../companies/index'
import type { ApprovalStatus } from '../sourcing.constants'
import { ApprovedStatusBadge } from './approved-status-badge'

/** A supplying company as the selector shows it (the shape of `/api/v1/supplier-search` items). */
export type SupplierChoice = { id: string; name: string; country: string; verified: boolean; approval: ApprovalStatus | null }

type SupplierSelectorProps = {
  /** Each chosen supplier id is submitted as a hidden input of this name. */
  name: string
  label: string
  hint?: string
  errors?: string[] | undefined
  /** The suppliers chosen when the page loads. */
  defaultValue?: SupplierChoice[]
  /** One supplier only: choosing replaces the current choice. */
  single?: boolean
  /** Lets blocked suppliers be chosen (they are always shown, flagged). */
  allowBlocked?: boolean
  /** Suppliers that cannot be chosen here (e.g. already on the list), shown as such. */
  excludeIds?: string[]
  max?: number
  onChange?: (chosen: SupplierChoice[]) => void
}

const SEARCH_DELAY_MS = 200

/**
 * Type to search supplying companies (name or main products), choose one or several. An ARIA combobox with a listbox:
 * arrows move, Enter chooses, Escape closes, Backspace in an empty field removes the last chip. Each option and chip
 * shows the verified badge and the buyer's approved-list status; blocked suppliers are flagged.
 */
export function SupplierSelector({
  name,
  label,
  hint,
  errors,
  defaultValue = [],
  single = false,
  allowBlocked = false,
  excludeIds = [],
  max = 50,
  onChange,
}: SupplierSelectorProps) {
  const { t, i18n } = useTranslation('sourcing')
  const baseId = useId()
  const inputId = `${baseId}-input`
  const listboxId = `${baseId}-listbox`
  const hintId = hint ? `${baseId}-hint` : undefined
  const errorId = errors?.length ? `${baseId}-error` : undefined
  const [chosen, setChosen] = useState<SupplierChoice[]>(defaultValue)
  const [query, setQuery] = useState('')
  const [options, setOptions] = useState<SupplierChoice[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle')
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setStatus('loading')
      fetch(`/api/v1/supplier-search?q=${encodeURIComponent(query.trim())}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status))
          const body = (await response.json()) as { items: SupplierChoice[] }
          setOptions(body.items)
          setActive(body.items.length > 0 ? 0 : -1)
          setStatus('idle')
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setStatus(error instanceof Error ? 'error' : 'idle')
        })
    }, SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, open])

  const chosenIds = new Set(chosen.map((supplier) => supplier.id))
  const unavailable = (option: SupplierChoice) => excludeIds.includes(option.id) || (!allowBlocked && option.approval === 'blocked')

  function update(next: SupplierChoice[]) {
    setChosen(next)
    onChange?.(next)
  }

  function choose(option: SupplierChoice) {
    if (unavailable(option)) return
    if (chosenIds.has(option.id)) update(chosen.filter((supplier) => supplier.id !== option.id))
    else if (single) update([option])
    else if (chosen.length < max) update([...chosen, option])
    setQuery('')
    if (single) setOpen(false)
    inputRef.current?.focus()
  }

  function remove(id: string) {
    update(chosen.filter((supplier) => supplier.id !== id))
    inputRef.current?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) setOpen(true)
      else setActive((index) => Math.min(index + 1, options.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Home' && open) {
      setActive(0)
    } else if (event.key === 'End' && open) {
      setActive(options.length - 1)
    } else if (event.key === 'Enter') {
      // Enter chooses; it never submits the surrounding form from this field.
      event.preventDefault()
      const option = open ? options[active] : undefined
      if (option) choose(option)
      else setOpen(true)
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault()
      setOpen(false)
    } else if (event.key === 'Backspace' && query === '' && chosen.length > 0) {
      remove(chosen[chosen.length - 1]!.id)
    }
  }

  const activeOption = open && active >= 0 ? options[active] : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={inputId}>{label}</Label>
      {chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('selector.chosen', { count: String(chosen.length) })}>
          {chosen.map((supplier) => (
            <li key={supplier.id} className="inline-flex items-center gap-1 rounded-md border border-border bg-muted px-2 py-1 text-sm">
              <span>{supplier.name}</span>
              <VerifiedBadge status={supplier.verified ? 'accept' : 'unverified'} compact />
              <ApprovedStatusBadge status={supplier.approval} />
              <button
                type="button"
                onClick={() => remove(supplier.id)}
                className="rounded-sm p-0.5 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={t('selector.remove', { name: supplier.name })}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
              <input type="hidden" name={name} value={supplier.id} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? `${listboxId}-${activeOption.id}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={errorId ? true : undefined}
          value={query}
          maxLength={100}
          placeholder={t('selector.placeholder')}
          className={CONTROL_CLASSES}
          onChange={(event) => {
            setQuery(event.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={t('selector.options')}
          aria-multiselectable={single ? undefined : true}
          hidden={!open}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.map((option, index) => {
            const disabled = unavailable(option)
            return (
              <li
                key={option.id}
                id={`${listboxId}-${option.id}`}
                role="option"
                aria-selected={chosenIds.has(option.id)}
                aria-disabled={disabled || undefined}
                // Keeps the focus in the field so the choice does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'flex cursor-default flex-wrap items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                  disabled && 'opacity-60',
                )}
              >
                <span className="font-medium">{option.name}</span>
                <span className="text-xs text-muted-foreground">{option.country ? countryName(option.country, i18n.language) : ''}</span>
                <VerifiedBadge status={option.verified ? 'accept' : 'unverified'} compact />
                <ApprovedStatusBadge status={option.approval} />
                {chosenIds.has(option.id) ? <span className="text-xs text-muted-foreground">{t('selector.selected')}</span> : null}
                {excludeIds.includes(option.id) ? <span className="text-xs text-muted-foreground">{t('selector.unavailable')}</span> : null}
              </li>
            )
          })}
          {options.length === 0 && status !== 'loading' ? (
            <li className="px-2 py-3 text-center text-sm text-muted-foreground">{status === 'error' ? t('selector.error') : t('selector.empty')}</li>
          ) : null}
          {status === 'loading' && options.length === 0 ? (
            <li className="px-2 py-3 text-center text-sm text-muted-foreground">{t('selector.loading')}</li>
          ) : null}
        </ul>
      </div>
      <p className="sr-only" aria-live="polite">
        {open && status === 'idle' ? t('selector.resultCount', { count: String(options.length) }) : ''}
      </p>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="text-xs text-destructive" role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
