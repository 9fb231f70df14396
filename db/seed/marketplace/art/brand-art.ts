import { circle, el, path, polygon, rect } from './shapes'
import { Defs, n, pick, seededRandom, shade, turn } from './svg-kit'

const BRAND_COLOURS = ['#1d4ed8', '#b91c1c', '#047857', '#b45309', '#6d28d9', '#0e7490', '#be185d', '#334155', '#c2410c', '#4338ca', '#15803d', '#0f766e']
const SMALL_WORDS = new Set(['and', 'of', 'the', 'co', 'ltd'])

/** A company's colour, the same for its logo and its banner. */
export const brandColour = (name: string) => pick(seededRandom(`brand:${name}`), BRAND_COLOURS)

/** Up to two capital letters from the first words of an English company name ("Pearl River Ceramics" → "PR"); only A–Z. */
export function monogramOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => word && !SMALL_WORDS.has(word.toLowerCase()))
    .map((word) => word.normalize('NFKD').replace(/[^A-Za-z]/g, ''))
    .filter(Boolean)
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('') || 'T'
  )
}

const LOGO = 256

/** A 256 px monogram logo: the initials in white over an emblem (ring, diamond or hexagon) on the brand colour. */
export function monogramLogoSvg(name: string): string {
  const random = seededRandom(`logo:${name}`)
  const colour = brandColour(name)
  const defs = new Defs()
  const face = defs.linear([shade(colour, 0.25), colour, shade(colour, -0.3)], 'diagonal')
  const emblem = pick(random, ['ring', 'diamond', 'hexagon'] as const)
  const mark =
    emblem === 'ring'
      ? circle(128, 128, 84, 'none', { stroke: '#ffffff', strokeWidth: 10, opacity: 0.35 })
      : emblem === 'diamond'
        ? polygon(
            [
              [128, 30],
              [226, 128],
              [128, 226],
              [30, 128],
            ],
            '#ffffff',
            { opacity: 0.16 },
          )
        : polygon(
            Array.from({ length: 6 }, (_unused, index): [number, number] => [
              128 + 96 * Math.cos((index * Math.PI) / 3 + Math.PI / 6),
              128 + 96 * Math.sin((index * Math.PI) / 3 + Math.PI / 6),
            ]),
            '#ffffff',
            { opacity: 0.16 },
          )
  const letters = monogramOf(name)
  const text = el(
    'text',
    {
      x: 128,
      y: 128,
      dy: '0.35em',
      textAnchor: 'middle',
      fontFamily: 'DejaVu Sans, Noto Sans, Arial, sans-serif',
      fontWeight: 700,
      fontSize: letters.length > 1 ? 92 : 112,
      fill: '#ffffff',
      letterSpacing: 2,
    },
    letters,
  )
  const body = `${rect(0, 0, LOGO, LOGO, face, { rx: 44 })}${mark}${path(`M0 ${LOGO * 0.62} Q${LOGO / 2} ${LOGO * 0.5} ${LOGO} ${LOGO * 0.66} L${LOGO} ${LOGO - 44} Q${LOGO} ${LOGO} ${LOGO - 44} ${LOGO} L44 ${LOGO} Q0 ${LOGO} 0 ${LOGO - 44} Z`, '#000000', { opacity: 0.12 })}${text}`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO}" height="${LOGO}" viewBox="0 0 ${LOGO} ${LOGO}">${defs.toString()}${body}</svg>`
}

const WIDTH = 1200
const HEIGHT = 300

/** A 1200 × 300 banner: the brand colour fading into a neighbouring hue under a light pattern (stripes, dots, hexagons or waves). */
export function patternBannerSvg(name: string): string {
  const random = seededRandom(`banner:${name}`)
  const colour = brandColour(name)
  const defs = new Defs()
  const wash = defs.linear([shade(colour, -0.35), colour, turn(colour, pick(random, [-40, 40, 70]))], 'across')
  const style = pick(random, ['stripes', 'dots', 'hexagons', 'waves'] as const)
  const tile =
    style === 'stripes'
      ? defs.pattern(28, path('M0 28 L28 0', 'none', { stroke: '#ffffff', strokeWidth: 6, opacity: 0.14 }))
      : style === 'dots'
        ? defs.pattern(24, circle(12, 12, 4, '#ffffff', { opacity: 0.18 }))
        : style === 'hexagons'
          ? defs.pattern(
              40,
              polygon(
                Array.from({ length: 6 }, (_unused, index): [number, number] => [
                  20 + 16 * Math.cos((index * Math.PI) / 3),
                  20 + 16 * Math.sin((index * Math.PI) / 3),
                ]),
                'none',
                { stroke: '#ffffff', strokeWidth: 2, opacity: 0.2 },
              ),
            )
          : defs.pattern(60, path('M0 30 Q15 15 30 30 T60 30', 'none', { stroke: '#ffffff', strokeWidth: 3, opacity: 0.18 }))
  const shapes = Array.from({ length: 4 }, (_unused, index) =>
    circle(WIDTH * (0.55 + index * 0.14 + random() * 0.05), HEIGHT * (0.2 + random() * 0.8), 60 + random() * 140, '#ffffff', {
      opacity: n(0.05 + random() * 0.07),
    }),
  )
  const hills = path(
    `M0 ${HEIGHT} L0 ${HEIGHT * 0.75} Q${WIDTH * 0.3} ${HEIGHT * 0.55} ${WIDTH * 0.6} ${HEIGHT * 0.78} T${WIDTH} ${HEIGHT * 0.7} L${WIDTH} ${HEIGHT} Z`,
    '#000000',
    { opacity: 0.15 },
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${defs.toString()}${rect(0, 0, WIDTH, HEIGHT, wash)}${rect(0, 0, WIDTH, HEIGHT, tile)}${shapes.join('')}${hills}</svg>`
}
