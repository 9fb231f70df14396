import type { ComponentProps } from 'react'
import { cn } from './cn'
import { Slot } from './slot'

// The classes are defined once in app.css (components layer), so a button's markup names three short classes instead of
// repeating about 300 characters of utilities; a utility passed as `className` still wins over them (utilities layer).
const BASE = 'btn'
const VARIANTS = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  danger: 'btn-danger',
}
const SIZES = {
  sm: 'btn-sm',
  md: 'btn-md',
  lg: 'btn-lg',
  icon: 'btn-icon',
}

export type ButtonVariant = keyof typeof VARIANTS
export type ButtonSize = keyof typeof SIZES

/** Button styling for elements that are not a <Button>, such as router links. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string, size: ButtonSize = 'md'): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className)
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Renders the single child (e.g. a <Link>) with the button's styling and props instead of a <button>. */
  asChild?: boolean
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type = 'button', ...props }: ButtonProps) {
  if (asChild) return <Slot className={buttonClasses(variant, className, size)} {...props} />
  return <button type={type} className={buttonClasses(variant, className, size)} {...props} />
}
