import { type ReactNode, useEffect, useRef, useState } from 'react'
import { cn } from './cn'

type DisclosureMenuProps = {
  /** The accessible name of the toggle when its visible content is not enough (e.g. an icon). */
  label?: string
  trigger: ReactNode
  align?: 'start' | 'end'
  className?: string
  triggerClassName?: string
  children: ReactNode
  /**
   * Render the items the first time the menu opens rather than on the server: for the signed-in frame, whose pages
   * always run script and whose four menus would otherwise be most of the markup every page sends.
   */
  deferItems?: boolean
  'data-testid'?: string
}

/**
 * A small menu on native <details>: it opens without any script, and with one it also closes on Escape,
 * on a click elsewhere and after choosing an item. Used where a page must stay light (public headers).
 */
export function DisclosureMenu({ label, trigger, align = 'end', className, triggerClassName, children, deferItems = false, ...rest }: DisclosureMenuProps) {
  const details = useRef<HTMLDetailsElement>(null)
  const [itemsShown, setItemsShown] = useState(!deferItems)
  useEffect(() => {
    const element = details.current
    if (!element) return
    // Opened before the page hydrated: the toggle event went unheard.
    if (element.open) setItemsShown(true)
    const close = () => element.removeAttribute('open')
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) close()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !element.open) return
      close()
      element.querySelector('summary')?.focus()
    }
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest('[data-menu-item]')) close()
    }
    document.addEventListener('pointerdown', onPointerDown)
    element.addEventListener('keydown', onKeyDown)
    element.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      element.removeEventListener('keydown', onKeyDown)
      element.removeEventListener('click', onClick)
    }
  }, [])
  return (
    <details
      ref={details}
      className={cn('group relative', className)}
      data-testid={rest['data-testid']}
      onToggle={(event) => {
        if (event.currentTarget.open) setItemsShown(true)
      }}
    >
      <summary
        aria-label={label}
        className={cn(
          'inline-flex h-8 cursor-pointer list-none items-center gap-2 rounded-md px-2 text-sm font-medium text-foreground hover:bg-muted [&::-webkit-details-marker]:hidden [&_svg]:size-4',
          triggerClassName,
        )}
      >
        {trigger}
      </summary>
      <div
        className={cn(
          'absolute top-full z-50 mt-1 min-w-44 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md',
          align === 'end' ? 'end-0' : 'start-0',
        )}
      >
        {itemsShown ? children : null}
      </div>
    </details>
  )
}

/** The class of a row in a DisclosureMenu; `data-menu-item` closes the menu once the row is used. */
export const DISCLOSURE_ITEM_CLASS =
  'flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-start text-sm text-popover-foreground hover:bg-muted focus-visible:bg-muted aria-[current=true]:font-semibold [&_svg]:size-4 [&_svg]:shrink-0'

export function DisclosureMenuLabel({ children }: { children: ReactNode }) {
  return <p className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">{children}</p>
}

export function DisclosureMenuSeparator() {
  return <hr className="my-1 border-border" />
}
