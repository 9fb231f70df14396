import { createContext, useContext } from 'react'
import { cn } from './cn'
import type { SpriteIconName } from './sprite-icons'

/**
 * The sprite file's URL, which the root provides (it imports the file as a hashed asset). Components never import the
 * asset themselves: module barrels export them, and scripts that run outside Vite (seeds, benchmarks) import those
 * barrels, where an asset import cannot load.
 */
const SpriteUrl = createContext('')
export const SpriteUrlProvider = SpriteUrl.Provider

/**
 * A Lucide icon drawn from the sprite file, which the browser fetches once and caches: the page carries a short
 * reference instead of the icon's paths, and no icon code. Decorative (hidden from assistive technology) like Lucide's.
 */
export function SpriteIcon({ name, className, strokeWidth = 2 }: { name: SpriteIconName; className?: string; strokeWidth?: number }) {
  const sprite = useContext(SpriteUrl)
  return (
    <svg className={cn('size-4 shrink-0', className)} strokeWidth={strokeWidth} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}
