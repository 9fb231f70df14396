import { cn } from './cn'
import type { SpriteIconName } from './sprite-icons'
import sprite from './sprite-icons.svg?no-inline'

/**
 * A Lucide icon drawn from the sprite file, which the browser fetches once and caches: the page carries a short
 * reference instead of the icon's paths, and no icon code. Decorative (hidden from assistive technology) like Lucide's.
 */
export function SpriteIcon({ name, className, strokeWidth = 2 }: { name: SpriteIconName; className?: string; strokeWidth?: number }) {
  return (
    <svg className={cn('size-4 shrink-0', className)} strokeWidth={strokeWidth} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}
