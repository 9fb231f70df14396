// The codes and words of WTO ePing notifications (issue 22): HS codes as notified (digits only, 2–6 of them), the
// member codes a subscription names, and the words notifications are searched and matched by. Pure, shared by the API
// client, the matching, the inputs and the tests.
import { isCountryCode } from '../../platform/countries'
import { fold, stem } from './hs-text'

/** An HS code as a notification or a subscription names it: 2 to 6 digits (a chapter, a heading, a subheading or between). */
export const isEpingHsCode = (code: string): boolean => /^\d{2,6}$/.test(code)

/** A notifying member as a subscription names it: an ISO 3166 alpha-2 code, or EU for the European Union. */
export const isEpingMemberCode = (code: string): boolean => code === 'EU' || isCountryCode(code)

/**
 * The HS codes of a notification, from a list or a comma/semicolon separated text: digits only ("6912.00" → "691200"),
 * national lines longer than six digits cut to the subheading, anything shorter than a chapter dropped, each once.
 */
export function notifiedHsCodes(value: ReadonlyArray<string | number> | string | null | undefined): string[] {
  if (value === null || value === undefined) return []
  const tokens = typeof value === 'string' ? value.split(/[,;\n]+/) : value.map(String)
  const codes = new Set<string>()
  for (const token of tokens) {
    const digits = token.replace(/\D/g, '')
    if (digits.length >= 2) codes.add(digits.slice(0, 6))
  }
  return [...codes]
}

/** Words too common in product names to say what a product is (sizes, colours, sales talk). */
const GENERIC_WORDS = new Set(
  (
    'with from that this into over under pack packs piece pieces pcs size sizes colour colours color colors style styles type types model ' +
    'models series item items part parts product products goods unit units high quality premium custom customized customised wholesale ' +
    'factory price cheap best more other large small mini medium extra super standard classic modern new sale white black blue green ' +
    'yellow orange purple pink grey gray brown silver gold golden clear inch inches litre litres liter liters gram grams metre metres ' +
    'meter meters made kind kinds design designs'
  ).split(' '),
)

const LATIN_WORD = /[a-z]+/g

/** The light stems of a text's Latin words, each once (digits and Chinese left out). */
export function wordStems(text: string): Set<string> {
  const stems = new Set<string>()
  for (const [word] of fold(text).matchAll(LATIN_WORD)) if (word.length >= 3) stems.add(stem(word))
  return stems
}

/**
 * The significant words of a product name, as stems: Latin words of four letters or more that are not generic. A
 * Chinese name has none (notifications carry no Chinese text to find them in).
 */
export function significantWords(name: string): string[] {
  const stems = new Set<string>()
  for (const [word] of fold(name).matchAll(LATIN_WORD)) {
    if (word.length < 4 || GENERIC_WORDS.has(word)) continue
    const stemmed = stem(word)
    if (!GENERIC_WORDS.has(stemmed)) stems.add(stemmed)
  }
  return [...stems]
}

/** How many of a name's significant words a notification must contain: all of one or two, two of more. */
export const wordsNeeded = (significant: number): number => Math.min(2, significant)

/** A text as a run of stems between spaces, for matching a keyword as a whole phrase (" toy safety " in " … "). */
export function stemPhrase(text: string): string {
  const stems: string[] = []
  for (const [word] of fold(text).matchAll(/[a-z0-9]+/g)) stems.push(stem(word))
  return ` ${stems.join(' ')} `
}

/** Whether a keyword has no Latin letters or digits to match as words (e.g. Chinese): it is then looked for as typed. */
export const isWordlessKeyword = (keyword: string): boolean => !/[a-z0-9]/.test(fold(keyword))

/** Whether a subscription keyword occurs in a text: as a whole word or phrase (plurals forgiven), or as typed when wordless. */
export function keywordOccurs(keyword: string, text: string): boolean {
  if (isWordlessKeyword(keyword)) return fold(text).includes(fold(keyword).trim())
  return stemPhrase(text).includes(stemPhrase(keyword))
}

/** What keyword filters look in: the lower-cased, accent-free text of a notification, one space between words. */
export function searchTextOf(parts: readonly string[]): string {
  return fold(parts.join(' ')).replace(/\s+/g, ' ').trim()
}

/** Markup away and the common entities decoded: the API's titles and descriptions may carry HTML, pages show text. */
export function plainText(value: string): string {
  return value
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
