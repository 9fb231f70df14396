import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from './cn'
import { Input } from './input'
import { Label } from './label'

/** What a control needs to be announced with its label, hint and errors. */
export type FieldControlProps = {
  id: string
  'aria-labelledby': string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

type FormFieldProps = {
  label: ReactNode
  hint?: ReactNode
  errors?: string[] | undefined
  id?: string | undefined
  className?: string | undefined
  /** Renders the control; spread the given props onto its focusable element. */
  children: (control: FieldControlProps) => ReactNode
}

/**
 * Label, hint and field errors around any control (input, select, combobox, radio group…).
 * The label is linked both ways: `htmlFor` for click-to-focus, `aria-labelledby` for controls
 * such as radio groups that a <label> cannot target.
 */
export function FormField({ label, hint, errors, id, className, children }: FormFieldProps) {
  const generated = useId()
  const controlId = id ?? generated
  const labelId = `${controlId}-label`
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = errors?.length ? `${controlId}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label id={labelId} htmlFor={controlId}>
        {label}
      </Label>
      {children({
        id: controlId,
        'aria-labelledby': labelId,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
        'aria-invalid': errorId ? true : undefined,
      })}
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

type FieldProps = ComponentProps<'input'> & {
  label: string
  name: string
  errors?: string[] | undefined
  hint?: string
}

/** A labelled text input with its hint and field errors wired up for assistive technology. */
export function Field({ label, name, errors, hint, className, id, ...input }: FieldProps) {
  return (
    <FormField label={label} hint={hint} errors={errors} id={id} className={className}>
      {(control) => <Input name={name} {...control} {...input} />}
    </FormField>
  )
}
