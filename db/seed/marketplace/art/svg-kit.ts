/**
 * The small toolkit the demo illustrations are drawn with: colours (shades of one hex colour), gradients collected per
 * picture, and a seeded random source so the same product always gets the same picture. Everything written into an
 * SVG comes from numbers and fixed templates here, never from product text.
 */

/** A deterministic source of numbers in [0, 1) from any text (FNV-1a hash seeding mulberry32). */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5
  for (let index = 0; index < seed.length; index++) {
    state ^= seed.charCodeAt(index)
    state = Math.imul(state, 0x01000193) >>> 0
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length) % items.length]!

type Hsl = { h: number; s: number; l: number }

const HEX = /^#[0-9a-f]{6}$/i

function toHsl(hex: string): Hsl {
  if (!HEX.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`)
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return { h: 0, s: 0, l }
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return { h: h * 60, s, l }
}

function toHex({ h, s, l }: Hsl): string {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
    return Math.round(Math.min(1, Math.max(0, value)) * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

const clamp = (value: number) => Math.min(1, Math.max(0, value))

/** The colour lighter (amount > 0) or darker (amount < 0), by a share of the way to white or black. */
export function shade(hex: string, amount: number): string {
  const hsl = toHsl(hex)
  const l = amount >= 0 ? hsl.l + (1 - hsl.l) * amount : hsl.l * (1 + amount)
  return toHex({ ...hsl, l: clamp(l) })
}

/** The colour with its hue turned by `degrees` and its saturation scaled. */
export function turn(hex: string, degrees: number, saturation = 1): string {
  const hsl = toHsl(hex)
  return toHex({ h: (hsl.h + degrees + 360) % 360, s: clamp(hsl.s * saturation), l: hsl.l })
}

/** Whether a colour reads as grey, near-black or near-white: its own hue turned around sets nothing off. */
export function isMuted(hex: string): boolean {
  const { s, l } = toHsl(hex)
  return s < 0.15 || l > 0.9 || l < 0.18
}

/** A pale, quiet version of the colour for backgrounds. */
export const tint = (hex: string, lightness = 0.9) => {
  const hsl = toHsl(hex)
  return toHex({ h: hsl.h, s: Math.min(hsl.s, 0.55), l: lightness })
}

/** A colour's shades for shaded volumes: highlight, light, base, dark, deep (outline). */
export type Paint = { highlight: string; light: string; base: string; dark: string; deep: string }

export function paintOf(hex: string): Paint {
  return { highlight: shade(hex, 0.7), light: shade(hex, 0.3), base: hex, dark: shade(hex, -0.28), deep: shade(hex, -0.5) }
}

/** Gradients of one picture, each defined once and referred to by `url(#id)`. */
export class Defs {
  private readonly entries: string[] = []

  /** A left-to-right (or top-to-bottom) gradient through the given stops: a lit cylinder or a shaded face. */
  linear(stops: string[], direction: 'across' | 'down' | 'diagonal' = 'across'): string {
    const id = `g${this.entries.length}`
    const [x2, y2] = direction === 'across' ? [1, 0] : direction === 'down' ? [0, 1] : [1, 1]
    this.entries.push(`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`)
    return `url(#${id})`
  }

  /** A radial gradient from the centre (cx, cy as shares of the box) outwards: a sphere, a glow, a soft shadow. */
  radial(stops: string[], cx = 0.5, cy = 0.5, opacities?: number[]): string {
    const id = `g${this.entries.length}`
    this.entries.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="0.6">${stopsOf(stops, opacities)}</radialGradient>`)
    return `url(#${id})`
  }

  /** A cylinder lit from the upper left: highlight, light, base, dark across. */
  cylinder(paint: Paint): string {
    return this.linear([paint.dark, paint.light, paint.highlight, paint.base, paint.dark, paint.deep])
  }

  /** A `<pattern>` tile of `size` pixels (fabric weave, mesh, perforation) filled with the given elements. */
  pattern(size: number, content: string): string {
    const id = `g${this.entries.length}`
    this.entries.push(`<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${content}</pattern>`)
    return `url(#${id})`
  }

  toString(): string {
    return `<defs>${this.entries.join('')}</defs>`
  }
}

function stopsOf(stops: string[], opacities?: number[]): string {
  return stops
    .map((colour, index) => {
      const offset = stops.length === 1 ? 0 : index / (stops.length - 1)
      const opacity = opacities?.[index]
      return `<stop offset="${offset.toFixed(3)}" stop-color="${colour}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`
    })
    .join('')
}

/** Numbers as SVG writes them: at most two decimals. */
export const n = (value: number) => String(Math.round(value * 100) / 100)
