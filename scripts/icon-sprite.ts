/**
 * Writes the icon sprite of the app's frame (app/components/ui/sprite-icons.svg) from Lucide's shapes of the icons
 * SPRITE_ICONS names: `npm run icons` after changing that list. A unit test fails while the file is out of date.
 */
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { SPRITE_ICONS } from '../app/components/ui/sprite-icons'

export const ICON_SPRITE_PATH = fileURLToPath(new URL('../app/components/ui/sprite-icons.svg', import.meta.url))

type IconNode = [tag: string, attributes: Record<string, string | number>][]

/** Lucide's drawing attributes, on each symbol so that every use inherits them (`stroke` follows the text colour); the
 * stroke width comes from the referring `<svg>` (SpriteIcon's `strokeWidth`, 2 by default) so that a page may draw thinner. */
const SYMBOL_ATTRIBUTES = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"'

function escapeAttribute(value: string | number): string {
  return String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}

function element([tag, attributes]: IconNode[number]): string {
  const attributeText = Object.entries(attributes)
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('')
  return `<${tag}${attributeText}/>`
}

async function iconNode(name: string): Promise<IconNode> {
  const icon = (await import(`lucide-react/icons/${name}`)) as { __iconData?: { node: IconNode } }
  if (!icon.__iconData) throw new Error(`Lucide has no shapes for "${name}" (an alias? use the icon's own name)`)
  return icon.__iconData.node
}

/** The sprite's text: one `<symbol id="name">` per icon, in SPRITE_ICONS order. */
export async function iconSprite(): Promise<string> {
  const symbols = await Promise.all(
    SPRITE_ICONS.map(async (name) => `<symbol id="${name}" ${SYMBOL_ATTRIBUTES}>${(await iconNode(name)).map(element).join('')}</symbol>`),
  )
  return `<svg xmlns="http://www.w3.org/2000/svg">\n<!-- Lucide icons (ISC licence), written by scripts/icon-sprite.ts -->\n${symbols.join('\n')}\n</svg>\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(ICON_SPRITE_PATH, await iconSprite())
  console.log(`wrote ${ICON_SPRITE_PATH} (${SPRITE_ICONS.length} icons)`)
}
