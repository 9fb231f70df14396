import {
  blocks,
  bucket,
  carton,
  cartridge,
  coconutWater,
  crackers,
  dropperBottle,
  dumbbell,
  gloves,
  granules,
  labelRoll,
  notebook,
  pens,
  pouch,
  sack,
  seedPacket,
  teaTin,
  tent,
  toothbrush,
  waxTin,
  yogaMat,
} from './draw-goods'
import {
  basin,
  bed,
  board,
  boot,
  bowl,
  chair,
  fabricRoll,
  frame,
  garment,
  glass,
  mug,
  pan,
  patioSet,
  plate,
  sheets,
  suitcase,
  teapot,
  tote,
  towels,
  vase,
} from './draw-home'
import {
  bolts,
  bulb,
  carBulb,
  drill,
  earbuds,
  fillingMachine,
  floodlight,
  hose,
  laminator,
  lathe,
  panelLight,
  phoneCase,
  pipes,
  planks,
  powerBank,
  powerSupply,
  pump,
  smartPlug,
  solarLight,
  speaker,
  spool,
  tiller,
  usbCable,
  valve,
  wallPlate,
  wheel,
  windowFrame,
  wrench,
} from './draw-industry'
import { circle, ellipse, type Parts, rect } from './shapes'
import { Defs, isMuted, paintOf, pick, seededRandom, tint, turn } from './svg-kit'

/** Every kind of product the demo pictures can show, each with its drawer. */
const DRAWERS = {
  mug,
  bowl,
  vase,
  plate,
  teapot,
  basin,
  glass,
  bulb,
  carBulb,
  floodlight,
  solarLight,
  panelLight,
  spool,
  hose,
  usbCable,
  socket: wallPlate('socket'),
  switch: wallPlate('switch'),
  smartPlug,
  powerSupply,
  powerBank,
  speaker,
  earbuds,
  phoneCase,
  pump,
  lathe,
  fillingMachine,
  tiller,
  valve,
  wrench,
  drill,
  bolt: bolts('bolt'),
  screw: bolts('screw'),
  pipes: pipes('round'),
  profiles: pipes('profile'),
  planks,
  window: windowFrame,
  wheel,
  laminator,
  pan,
  board,
  frame,
  chair,
  patioSet,
  bed,
  fabricRoll,
  towels,
  sheets,
  tee: garment('tee'),
  hoodie: garment('hoodie'),
  jacket: garment('jacket'),
  vest: garment('vest'),
  tote,
  suitcase,
  boot,
  carton,
  pouch,
  labelRoll,
  cartridge,
  bucket,
  granules,
  sack,
  seedPacket,
  teaTin,
  waxTin,
  crackers,
  coconutWater,
  dropperBottle,
  gloves,
  toothbrush,
  yogaMat,
  dumbbell,
  blocks,
  tent,
  pens,
  notebook,
} satisfies Record<string, (parts: Parts) => string>

export type ArtKind = keyof typeof DRAWERS
export const ART_KINDS = Object.keys(DRAWERS) as ArtKind[]

/**
 * What a picture shows: the kind of product, its colour (#rrggbb), a shape variant, and a seed for the rest (backdrop,
 * scatter); `accent` (#rrggbb) sets the colour of its decoration, which otherwise sets off the main colour.
 */
export type ArtSubject = { kind: ArtKind; colour: string; variant: number; seed: string; accent?: string }

const SIZE = 600
const METAL = '#a3adb8'

/** A colour that sets off `colour`: its complement, give or take, or a strong colour beside a grey, black or white. */
function setOff(colour: string, random: () => number): string {
  return turn(isMuted(colour) ? pick(random, ['#2563eb', '#dc2626', '#0d9488', '#d97706']) : colour, pick(random, [150, 180, 210]), 1.1)
}

/**
 * A 600 × 600 product illustration: a soft two-tone backdrop in a hue set off against the product, a floor shadow and
 * the product drawn with gradients for volume. The same subject always gives the same SVG; a different seed moves the
 * backdrop, so two products of the same kind and colour still differ.
 */
export function productArtSvg(subject: ArtSubject): string {
  const random = seededRandom(`${subject.kind}:${subject.seed}`)
  const defs = new Defs()
  const paint = paintOf(subject.colour)
  const accent = paintOf(subject.accent ?? setOff(subject.colour, random))
  const backdropHue = turn(accent.base, pick(random, [-30, 0, 30]))
  const backdrop = defs.linear([tint(backdropHue, 0.95), tint(backdropHue, 0.86)], 'down')
  const orbs = Array.from({ length: 3 }, () => circle(random() * SIZE, random() * SIZE * 0.7, 60 + random() * 140, tint(backdropHue, 0.8), { opacity: 0.45 }))
  const floor = rect(0, 440, SIZE, 160, tint(backdropHue, 0.82), { opacity: 0.6 })
  const shadow = ellipse(300, 468, 200, 26, defs.radial(['#0f172a', '#0f172a'], 0.5, 0.5, [0.3, 0]))
  const parts: Parts = { defs, paint, accent, metal: paintOf(METAL), variant: subject.variant, random }
  const product = DRAWERS[subject.kind](parts)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${defs.toString()}${rect(0, 0, SIZE, SIZE, backdrop)}${orbs.join('')}${floor}${shadow}${product}</svg>`
}
