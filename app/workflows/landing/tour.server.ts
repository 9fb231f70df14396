import type { Locale } from '../../platform/i18n/locales'
import { TOUR_ASPECT, TOUR_WIDTHS, type TourImage, type TourShot } from './tour-shots'

/** The screenshots as built assets (hashed names, cached for a year), by file: `./tour/{shot}.{locale}.{width}.webp`. */
const FILES = import.meta.glob<string>('./tour/*.webp', { eager: true, query: '?url', import: 'default' })

function fileOf(shot: TourShot, locale: Locale, width: number): string {
  const url = FILES[`./tour/${shot}.${locale}.${width}.webp`]
  // Written by scripts/tour-screens.ts; a missing one is a build mistake, not a visitor's.
  if (!url) throw new Error(`The tour screenshot ${shot}.${locale}.${width}.webp is missing (npx tsx scripts/tour-screens.ts)`)
  return url
}

/** A screenshot in the visitor's language. */
export function tourImage(shot: TourShot, locale: Locale): TourImage {
  const smallest = Math.min(...TOUR_WIDTHS)
  return {
    shot,
    src: fileOf(shot, locale, smallest),
    srcSet: TOUR_WIDTHS.map((width) => `${fileOf(shot, locale, width)} ${width}w`).join(', '),
    width: TOUR_ASPECT.width,
    height: TOUR_ASPECT.height,
  }
}

/** The screenshots of `shots` in the visitor's language, in their order. */
export function tourImages(shots: readonly TourShot[], locale: Locale): TourImage[] {
  return shots.map((shot) => tourImage(shot, locale))
}

/** The largest file of a shot, absolute, for link previews and structured data. */
export function tourImageUrl(origin: string, shot: TourShot, locale: Locale): string {
  const url = fileOf(shot, locale, Math.max(...TOUR_WIDTHS))
  return /^(https?:|data:)/.test(url) ? url : `${origin}${url}`
}
