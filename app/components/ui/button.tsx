import type { ComponentProps } from 'react'
import { cn } from './cn'
import { Slot } from './slot'

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0'
const VARIANTS = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover disabled:hover:bg-primary',
  secondary: 'border border-input bg-secondary text-secondary-foreground shadow-sm hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  danger: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
}
const SIZES = {
  sm: 'h-8 px-3 text-xs',
  md: 'px-4 py-2 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'size-9 text-sm',
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
