import type { ArtKind, ArtSubject } from './product-art'
import { pick, seededRandom } from './svg-kit'

/** The picture each product family of the vocabulary gets (a test keeps every family covered). */
export const FAMILY_ART: Record<string, ArtKind> = {
  MUG: 'mug',
  PLT: 'plate',
  TPT: 'teapot',
  BSN: 'basin',
  GLS: 'glass',
  FIL: 'bulb',
  SMB: 'bulb',
  FLD: 'floodlight',
  SOL: 'solarLight',
  PNL: 'panelLight',
  CBL: 'spool',
  SKT: 'socket',
  SWT: 'switch',
  PSU: 'powerSupply',
  CAS: 'phoneCase',
  USB: 'usbCable',
  PWB: 'powerBank',
  SPK: 'speaker',
  EAR: 'earbuds',
  PLG: 'smartPlug',
  FLM: 'fillingMachine',
  LTH: 'lathe',
  PMP: 'pump',
  VLV: 'valve',
  WRN: 'wrench',
  DRL: 'drill',
  BLT: 'bolt',
  SCR: 'screw',
  PAN: 'pan',
  BRD: 'board',
  FRM: 'frame',
  HSE: 'hose',
  CHR: 'chair',
  PTO: 'patioSet',
  BED: 'bed',
  TWL: 'fabricRoll',
  PLY: 'fabricRoll',
  TWE: 'towels',
  SHT: 'sheets',
  JKT: 'jacket',
  VST: 'vest',
  TSH: 'tee',
  HOD: 'hoodie',
  TOT: 'tote',
  LUG: 'suitcase',
  BOT: 'boot',
  BOX: 'carton',
  PCH: 'pouch',
  LBL: 'labelRoll',
  SIL: 'cartridge',
  EPX: 'bucket',
  PPG: 'granules',
  PIP: 'pipes',
  ALP: 'profiles',
  CUW: 'spool',
  SPC: 'planks',
  WIN: 'window',
  PVC: 'pipes',
  HDL: 'carBulb',
  WHL: 'wheel',
  WAX: 'waxTin',
  GTE: 'teaTin',
  OTE: 'teaTin',
  RCR: 'crackers',
  CWT: 'coconutWater',
  SED: 'seedPacket',
  FRT: 'sack',
  TLR: 'tiller',
  SRM: 'dropperBottle',
  GLV: 'gloves',
  TBR: 'toothbrush',
  YGM: 'yogaMat',
  DMB: 'dumbbell',
  BLK: 'blocks',
  TNT: 'tent',
  PEN: 'pens',
  NTB: 'notebook',
  LAM: 'laminator',
}

/** The vocabulary's colour words (English) as paint. */
const COLOUR_HEX: Record<string, string> = {
  White: '#f5f5f4',
  Black: '#27272a',
  Red: '#dc2626',
  Blue: '#2563eb',
  Green: '#16a34a',
  Grey: '#9ca3af',
  Pink: '#f472b6',
  Navy: '#1e3a8a',
}

/** What a material looks like, matched on its English word; the first match wins. */
const MATERIAL_HEX: Array<[RegExp, string]> = [
  [/non-stick/i, '#27272a'],
  [/cast iron|^black$/i, '#3f3f46'],
  [/carbon steel/i, '#64748b'],
  [/stainless|chrome|galvanis|zinc|anodised|aluminium(?! foil)|steel/i, '#b6bec9'],
  [/brass/i, '#d4a537'],
  [/copper|enamelled|bare/i, '#c2703d'],
  [/bone china|porcelain/i, '#f8fafc'],
  [/stoneware/i, '#b08d6e'],
  [/celadon/i, '#9dbf9e'],
  [/clay/i, '#9a4a2f'],
  [/ceramic/i, '#f1ede4'],
  [/bamboo/i, '#d9b779'],
  [/acacia|solid wood|pine|mdf|wooden/i, '#a0673c'],
  [/pu leather/i, '#8b5a3c'],
  [/leather/i, '#7c4a2d'],
  [/canvas/i, '#d6c7a1'],
  [/jute/i, '#b99a5b'],
  [/kraft/i, '#b08350'],
  [/foil/i, '#c0c7d1'],
  [/rattan/i, '#b5864c'],
  [/linen/i, '#d9d0bd'],
  [/upholstered/i, '#8b7d9b'],
  [/cork/i, '#c4a484'],
  [/flame-retardant/i, '#ea580c'],
  [/nitrile|powder-free|examination/i, '#6366f1'],
]

/** Families whose colour neither a colour word nor a material decides. */
const FAMILY_HEX: Record<string, string[]> = {
  GLS: ['#f59e0b', '#ef4444', '#0ea5e9', '#84cc16'],
  VST: ['#facc15', '#f97316'],
  GTE: ['#15803d', '#4d7c0f'],
  OTE: ['#b91c1c', '#7c2d12'],
  BOX: ['#b08350'],
  CUW: ['#c2703d'],
  FIL: ['#a3adb8'],
  SED: ['#65a30d', '#ca8a04'],
  FRT: ['#15803d', '#a16207'],
  SRM: ['#b45309', '#e0e7ff'],
  PVC: ['#e2e8f0', '#64748b'],
  SPC: ['#a47148', '#8d6e63', '#c8a27a'],
  LBL: ['#2563eb', '#16a34a'],
  PPG: ['#e2e8f0', '#fbbf24', '#38bdf8'],
}

const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#0f766e', '#ea580c', '#4f46e5']

/** What one product looks like, from its data: family, colour word and material (English), and which variant it is. */
export type ProductLook = { familyCode: string; colour: string | null; material: string; variantIndex: number; key: string }

/**
 * The picture of a product: the family's kind, its colour word, else its material, else a colour of the family, else one
 * of the palette (chosen by the product's key), and its variant's shape. Products that look alike this way share one
 * picture, backdrop included: it keeps the number of pictures to draw at a first start to a few hundred.
 */
export function productSubject(look: ProductLook): ArtSubject {
  const kind = FAMILY_ART[look.familyCode]
  if (!kind) throw new Error(`No picture for product family ${look.familyCode}`)
  const byMaterial = MATERIAL_HEX.find(([pattern]) => pattern.test(look.material))?.[1]
  const colour = (look.colour ? COLOUR_HEX[look.colour] : undefined) ?? byMaterial ?? pick(seededRandom(look.key), FAMILY_HEX[look.familyCode] ?? PALETTE)
  return { kind, colour, variant: look.variantIndex, seed: `${look.familyCode}:${colour}:${look.variantIndex}` }
}

/** The key that names a subject's picture: equal keys draw the same SVG. */
export const subjectKey = (subject: ArtSubject) => `${subject.kind}|${subject.colour}|${subject.variant}|${subject.seed}`
