import { type ClassValue, clsx } from 'clsx'
import { createTailwindMerge } from 'tailwind-merge'

// tailwind-merge's own merging with a configuration of the utilities this app writes, instead of its default one for all
// of Tailwind (9 kB of every page's JavaScript, gzipped, against about 3 kB). Groups and conflicts follow the default
// configuration's names and rules; `tests/unit/cn.test.ts` merges every pair of classes written in app/ both ways and
// fails on any difference, so a utility new to the app is added here before it ships.

type Validator = (value: string) => boolean
const any: Validator = () => true
const number: Validator = (value) => value !== '' && !Number.isNaN(Number(value))
const arbitrary: Validator = (value) => /^\[.+\]$|^\(.+\)$/.test(value)
const inset: Validator = (value) => number(value) || /^\d+\/\d+$|^(auto|full|px)$/.test(value) || arbitrary(value)
const tshirt: Validator = (value) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(value)
/** A padding or margin: the spacing scale, px, auto or an arbitrary value (not a word such as the PT of pt-PT). */
const space: Validator = (value) => number(value) || /^(px|auto)$/.test(value) || arbitrary(value)
const arbitraryLength: Validator = (value) => /^\[(length:.+|.*\d(%|px|r?em|[sdl]?v[hw]|ch)|.*(calc|min|max|clamp)\(.+)\]$/.test(value)

/** One group per utility, named as the utility, whose values the validator accepts. */
const utilities = (prefix: string, names: readonly string[], value = any): Record<string, Array<Record<string, Validator[]>>> =>
  Object.fromEntries(names.map((name) => [`${prefix}${name}`, [{ [`${prefix}${name}`]: [value] }]]))
const spacing = ['', 'x', 'y', 's', 'e', 't', 'r', 'b', 'l']
const widths = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'] as const

const classGroups = {
  display: [
    'block',
    'inline-block',
    'inline',
    'flex',
    'inline-flex',
    'table',
    'inline-table',
    'table-row',
    'table-cell',
    'flow-root',
    'grid',
    'inline-grid',
    'contents',
    'list-item',
    'hidden',
  ],
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  visibility: ['visible', 'invisible', 'collapse'],
  sr: ['sr-only', 'not-sr-only'],
  'container-type': ['@container'],
  ...utilities('', ['inset', 'inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'], inset),
  order: [{ order: [number, 'first', 'last', 'none'] }],
  ...utilities('', ['z', 'aspect', 'opacity', 'duration', 'ease']),
  ...utilities('', ['animate', 'rotate', 'translate-x', 'translate-y', 'origin', 'accent', 'cursor', 'fill', 'tracking']),
  ...utilities('', ['leading', 'whitespace', 'underline-offset', 'outline-offset', 'grid-cols', 'col-start', 'gap-x', 'gap-y']),
  ...utilities('', ['w', 'h', 'size', 'min-w', 'max-w', 'min-h', 'max-h']),
  ...utilities('p', spacing, space),
  ...utilities('m', spacing, space),
  'col-start-end': [{ col: [{ span: [any] }] }],
  gap: [{ gap: [any] }],
  'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
  'flex-wrap': [{ flex: ['wrap', 'wrap-reverse', 'nowrap'] }],
  flex: [{ flex: [number, 'auto', 'initial', 'none', arbitrary] }],
  basis: [{ basis: [any] }],
  appearance: [{ appearance: ['none', 'auto'] }],
  shrink: [{ shrink: ['', any] }],
  grow: [{ grow: ['', any] }],
  container: ['container'],
  'space-y': [{ 'space-y': [any] }],
  'scale-x': [{ 'scale-x': [any] }],
  scale: [{ scale: [any] }],
  stroke: [{ stroke: [any] }],
  'justify-content': [{ justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'normal'] }],
  'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
  'align-self': [{ self: ['auto', 'start', 'end', 'center', 'stretch', 'baseline'] }],
  'place-content': [{ 'place-content': [any] }],
  'font-size': [{ text: ['base', tshirt, arbitraryLength] }],
  'font-weight': [{ font: ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'] }],
  'font-family': [{ font: [any] }],
  'font-style': ['italic', 'not-italic'],
  'fvn-spacing': ['tabular-nums', 'proportional-nums'],
  'line-clamp': [{ 'line-clamp': [any] }],
  'list-style-type': [{ list: ['disc', 'decimal', 'none', arbitrary] }],
  'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
  'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
  'text-color': [{ text: [any] }],
  'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
  'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
  'text-overflow': ['truncate'],
  break: [{ break: ['normal', 'words', 'all', 'keep'] }],
  wrap: [{ wrap: ['break-word', 'anywhere', 'normal'] }],
  'vertical-align': [{ align: [any] }],
  'gradient-from': [{ from: [any] }],
  'gradient-to': [{ to: [any] }],
  'bg-color': [{ bg: [any] }],
  rounded: [{ rounded: ['', any] }],
  'border-w': [{ border: ['', number] }],
  ...Object.fromEntries(widths.map((side) => [`border-w-${side}`, [{ [`border-${side}`]: ['', number] }]])),
  'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
  'border-collapse': [{ border: ['collapse', 'separate'] }],
  'border-color': [{ border: [any] }],
  'divide-y': [{ 'divide-y': ['', number] }],
  'divide-color': [{ divide: [any] }],
  'outline-style': [{ outline: ['solid', 'dashed', 'dotted', 'double', 'none', 'hidden'] }],
  'outline-w': [{ outline: ['', number] }],
  'outline-color': [{ outline: [any] }],
  'ring-w': [{ ring: ['', number] }],
  'ring-w-inset': ['ring-inset'],
  'ring-color': [{ ring: [any] }],
  shadow: [{ shadow: ['', 'none', tshirt] }],
  'shadow-color': [{ shadow: [any] }],
  filter: [{ filter: ['', 'none'] }],
  'backdrop-blur': [{ 'backdrop-blur': ['', any] }],
  transition: [{ transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none'] }],
  'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
  resize: [{ resize: ['none', '', 'y', 'x'] }],
  select: [{ select: ['none', 'text', 'all', 'auto'] }],
  overscroll: [{ overscroll: ['auto', 'contain', 'none'] }],
  'scroll-mt': [{ 'scroll-mt': [number] }],
  overflow: [{ overflow: ['auto', 'hidden', 'clip', 'visible', 'scroll'] }],
  'overflow-x': [{ 'overflow-x': ['auto', 'hidden', 'clip', 'visible', 'scroll'] }],
  'overflow-y': [{ 'overflow-y': ['auto', 'hidden', 'clip', 'visible', 'scroll'] }],
  'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
  caption: [{ caption: ['top', 'bottom'] }],
}

const conflictingClassGroups = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['ps', 'pe', 'pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['ms', 'me', 'mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'border-w': widths.map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-s', 'border-w-e', 'border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
}

const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups,
  conflictingClassGroups,
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: ['after', 'backdrop', 'before', 'file', 'placeholder', 'selection'],
}))

/** Joins class names, skipping falsy ones; a later Tailwind class wins over a conflicting earlier one. */
export function cn(...classes: ClassValue[]): string {
  return merge(clsx(classes))
}
