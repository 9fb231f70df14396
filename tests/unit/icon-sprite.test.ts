import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { APP_NAVIGATION } from '../../app/components/layouts/app/navigation'
import { SPRITE_ICONS } from '../../app/components/ui/sprite-icons'
import { ICON_SPRITE_PATH, iconSprite } from '../../scripts/icon-sprite'

describe("the icon sprite of the app's frame", () => {
  it('is the sprite Lucide draws for SPRITE_ICONS today (run `npm run icons` after changing the list)', async () => {
    expect(await readFile(ICON_SPRITE_PATH, 'utf8')).toBe(await iconSprite())
  })

  it('holds a symbol for every icon of the navigation', async () => {
    const sprite = await readFile(ICON_SPRITE_PATH, 'utf8')
    const used = APP_NAVIGATION.flatMap((group) => group.items.map((item) => item.icon))
    for (const name of [...used, 'chevron-down']) expect(sprite).toContain(`<symbol id="${name}" `)
    expect(new Set(SPRITE_ICONS).size).toBe(SPRITE_ICONS.length)
  })
})
