import { createContext, useContext } from 'react'
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
 * Its size (1 rem) and stroke (2) come from `.icon` in app.css, so an icon's markup names one class; a size passed as
 * `className` wins over it, and another stroke goes in its style (a stroke-width attribute would lose to the class).
 */
export function SpriteIcon({ name, className, strokeWidth }: { name: SpriteIconName; className?: string; strokeWidth?: number }) {
  const sprite = useContext(SpriteUrl)
  return (
    <svg className={className ? `icon ${className}` : 'icon'} style={strokeWidth === undefined ? undefined : { strokeWidth }} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}
