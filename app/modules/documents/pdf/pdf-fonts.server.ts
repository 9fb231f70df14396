// Noto Sans SC and TC, the TrueType files of their npm packages (ADR 046), parsed once per process: passing the file to
// each document would parse it again, slower and with several times the heap.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'

const FONT_FILES = {
  'sc-regular': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'sc-bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  'tc-regular': '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  'tc-bold': '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
} as const

export type FontFace = keyof typeof FONT_FILES
/** Which Chinese face a document tries first: SC for Simplified (and English), TC for Traditional. */
export type FontPreference = 'sc' | 'tc'
type FontWeight = 'regular' | 'bold'

/** What a face lacks, when neither face has a character (an emoji, a script CJK fonts leave out). */
const REPLACEMENT = '?'

let parsed: Readonly<Record<FontFace, Font>> | undefined

/** The four faces, read and parsed on first use. */
export function pdfFonts(): Readonly<Record<FontFace, Font>> {
  if (!parsed) {
    const require = createRequire(import.meta.url)
    const parse = (file: string) => {
      const font = create(readFileSync(require.resolve(file)))
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not one font`)
      return font
    }
    parsed = {
      'sc-regular': parse(FONT_FILES['sc-regular']),
      'sc-bold': parse(FONT_FILES['sc-bold']),
      'tc-regular': parse(FONT_FILES['tc-regular']),
      'tc-bold': parse(FONT_FILES['tc-bold']),
    }
  }
  return parsed
}

/** Registers the faces under their names; pdfkit embeds only those a document uses, and of them only the glyphs it sets. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [face, font] of Object.entries(pdfFonts())) {
    // pdfkit takes a parsed fontkit font (it checks for `layout`), though its types list only files and buffers.
    doc.registerFont(face, font as unknown as Uint8Array)
  }
}

const PRINTABLE_ASCII = /^[\x20-\x7e\n]*$/
// Control and format characters have no glyph: a line break is layout, a tab reads as a space, the rest (zero-width
// spaces, byte-order marks pasted along with a name) are dropped.
const isInvisible = (char: string) => char !== '\n' && /[\p{Cc}\p{Cf}]/u.test(char)

/**
 * The face to set `text` in and the text to set: pdfkit has no fallback font, and a glyph a face lacks would print as
 * nothing and read back as U+0000. The preferred face when it has every character, else the other Chinese face, else
 * the preferred face with what it lacks replaced.
 */
export function faceFor(text: string, weight: FontWeight, preference: FontPreference): { face: FontFace; text: string } {
  const order: [FontFace, FontFace] = preference === 'sc' ? [`sc-${weight}`, `tc-${weight}`] : [`tc-${weight}`, `sc-${weight}`]
  const clean = text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')
  if (PRINTABLE_ASCII.test(clean)) return { face: order[0], text: clean }
  const fonts = pdfFonts()
  const chars = [...clean].filter((char) => !isInvisible(char))
  const draws = (face: FontFace) => (char: string) => char === '\n' || fonts[face].hasGlyphForCodePoint(char.codePointAt(0)!)
  const face = order.find((candidate) => chars.every(draws(candidate)))
  if (face) return { face, text: chars.join('') }
  return { face: order[0], text: chars.map((char) => (draws(order[0])(char) ? char : REPLACEMENT)).join('') }
}
