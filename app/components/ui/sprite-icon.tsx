import { cn } from './cn'
import type { SpriteIconName } from './sprite-icons'
import sprite from './sprite-icons.svg?no-inline'

/** An icon of the app's frame: a reference into the sprite file, which the browser fetches once and caches. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg className={cn('size-4 shrink-0', className)} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}
