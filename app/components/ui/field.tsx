import { type InputHTMLAttributes, useId } from 'react'
import { cn } from './cn'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  name: string
  errors?: string[] | undefined
  hint?: string
}

/** A labelled input with its hint and field errors wired up for assistive technology. */
export function Field({ label, name, errors, hint, className, id, ...input }: FieldProps) {
  const generated = useId()
  const inputId = id ?? `${generated}-${name}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = errors?.length ? `${inputId}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={cn(
          'rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-zinc-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30',
          errors?.length ? 'border-red-500' : 'border-zinc-300',
        )}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="text-xs text-red-700" role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
