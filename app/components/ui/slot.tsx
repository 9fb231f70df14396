import { Children, cloneElement, isValidElement, type ReactNode, type Ref } from 'react'
import { cn } from './cn'

type Props = Record<string, unknown> & { children?: ReactNode; className?: string; ref?: Ref<unknown> }

/** One callback ref that sets both refs. */
function bothRefs(first: Ref<unknown>, second: Ref<unknown>): Ref<unknown> {
  return (node: unknown) => {
    for (const ref of [first, second]) {
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    }
  }
}

/**
 * Renders its only child with the slot's props added (what `asChild` does): classes are joined, the child's other props
 * win, and an event handler both define runs the child's first, then the slot's.
 */
export function Slot({ children, ...slotProps }: Props) {
  const child = Children.only(children)
  if (!isValidElement<Props>(child)) return null
  const childProps = child.props
  const merged: Props = { ...slotProps, ...childProps }
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name]
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        childValue(...args)
        slotValue(...args)
      }
    }
  }
  if (slotProps.className || childProps.className) merged.className = cn(slotProps.className, childProps.className)
  if (slotProps.style && childProps.style) merged.style = { ...slotProps.style, ...childProps.style }
  if (slotProps.ref && childProps.ref) merged.ref = bothRefs(slotProps.ref, childProps.ref)
  return cloneElement(child, merged)
}
