import { type Defs, n, type Paint } from './svg-kit'

/** Attribute values: numbers are rounded, undefined ones left out; names are written in kebab-case. */
type Attributes = Record<string, string | number | undefined>

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** One SVG element from a fixed tag and numeric or colour attributes (never product text). */
export function el(tag: string, attributes: Attributes, children = ''): string {
  const written = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${kebab(name)}="${typeof value === 'number' ? n(value) : value}"`)
    .join(' ')
  return children ? `<${tag} ${written}>${children}</${tag}>` : `<${tag} ${written}/>`
}

export const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attributes = {}) =>
  el('rect', { x, y, width, height, fill, ...extra })
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attributes = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra })
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) => el('circle', { cx, cy, r, fill, ...extra })
export const path = (d: string, fill: string, extra: Attributes = {}) => el('path', { d, fill, ...extra })
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, strokeWidth: number, extra: Attributes = {}) =>
  el('line', { x1, y1, x2, y2, stroke, strokeWidth, strokeLinecap: 'round', ...extra })
export const group = (children: string[], extra: Attributes = {}) => el('g', extra, children.join(''))
export const polygon = (points: Array<[number, number]>, fill: string, extra: Attributes = {}) =>
  el('polygon', { points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(' '), fill, ...extra })

/** What a drawer gets: the gradients of its picture, the product's paint, an accent and a metal, its variant and a random source. */
export type Parts = { defs: Defs; paint: Paint; accent: Paint; metal: Paint; variant: number; random: () => number }

/** A white sheen along the left of a shape: the light the whole set of pictures shares (upper left). */
export const sheen = (x: number, y: number, width: number, height: number, rx = width / 2) => rect(x, y, width, height, '#ffffff', { rx, opacity: 0.35 })

/** An upright cylinder with a top ellipse: mugs, tins, buckets, bottles. */
export function cylinder(parts: Parts, cx: number, top: number, bottom: number, rx: number, ry: number, paint: Paint = parts.paint): string {
  const body = parts.defs.cylinder(paint)
  return group([
    path(`M${n(cx - rx)} ${n(top)} V${n(bottom)} A${n(rx)} ${n(ry)} 0 0 0 ${n(cx + rx)} ${n(bottom)} V${n(top)} Z`, body, {
      stroke: paint.deep,
      strokeWidth: 2,
    }),
    ellipse(cx, top, rx, ry, paint.light, { stroke: paint.deep, strokeWidth: 2 }),
  ])
}

/** A box seen from above and the right: front, side and top faces. */
export function box(parts: Parts, x: number, y: number, width: number, height: number, depth: number, paint: Paint = parts.paint): string {
  const dx = depth * 0.8
  const dy = depth * 0.5
  return group([
    polygon(
      [
        [x, y],
        [x + dx, y - dy],
        [x + width + dx, y - dy],
        [x + width, y],
      ],
      paint.light,
      { stroke: paint.deep, strokeWidth: 2, strokeLinejoin: 'round' },
    ),
    polygon(
      [
        [x + width, y],
        [x + width + dx, y - dy],
        [x + width + dx, y + height - dy],
        [x + width, y + height],
      ],
      paint.dark,
      { stroke: paint.deep, strokeWidth: 2, strokeLinejoin: 'round' },
    ),
    rect(x, y, width, height, parts.defs.linear([paint.light, paint.base], 'down'), { stroke: paint.deep, strokeWidth: 2 }),
  ])
}
