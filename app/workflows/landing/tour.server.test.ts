import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../platform/i18n/locales'
import { tourImage, tourImageUrl } from './tour.server'
import { TOUR_SHOTS } from './tour-shots'

describe('the product tour’s screenshots', () => {
  it('exist for every shot in every language, at every width', () => {
    for (const shot of TOUR_SHOTS)
      for (const locale of LOCALES) {
        const image = tourImage(shot, locale)
        expect(image.src, `${shot}.${locale}`).toMatch(new RegExp(`/${shot}\\.${locale}\\.720\\.webp$`))
        expect(image.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['720w', '1280w'])
      }
  })

  it('give link previews the large file as an absolute address', () => {
    expect(tourImageUrl('https://tradeport.example', 'comparison', 'zh-Hans')).toMatch(/^https:\/\/tradeport\.example\/.+comparison\.zh-Hans\.1280\.webp$/)
  })
})
