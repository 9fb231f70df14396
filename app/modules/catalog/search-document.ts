import type { ProductAttribute } from './catalog.constants'
/** Han ideographs (incl. Traditional and extension A/compatibility blocks) that we index character by character. */
const HAN_RUN = /[\p{Script=Han}]+/gu
/** Anything that is neither a letter, a number nor Han splits words. */
const SEPARATOR = /[^\p{L}\p{N}]+/u

export type SearchDocumentInput = {
  nameEn: string
  nameZhHans?: string | null
  nameZhHant?: string | null
  descriptionEn?: string | null
  descriptionZhHans?: string | null
  descriptionZhHant?: string | null
  sku?: string
  attributes?: ProductAttribute[]
}

/** A Han run as its single characters followed by its overlapping bigrams. */
function hanTokens(run: string): string[] {
  const chars = Array.from(run)
  const bigrams = chars.slice(0, -1).map((char, index) => char + chars[index + 1])
  return [...chars, ...bigrams]
}

/** Lower-cased Latin/number words plus the Han tokens of one piece of text. */
function tokens(text: string): string[] {
  const lower = text.normalize('NFKC').toLowerCase()
  const words = lower
    .replace(HAN_RUN, ' ')
    .split(SEPARATOR)
    .filter((word) => word.length > 0)
  const han = Array.from(lower.matchAll(HAN_RUN), (match) => hanTokens(match[0])).flat()
  return [...words, ...han]
}

/**
 * The text stored in products.search_document: every field's words, lower-cased, Chinese expanded into characters and
 * bigrams so 'simple' to_tsvector tokens match 1- and 2-character Chinese queries.
 */
export function buildSearchDocument(input: SearchDocumentInput): string {
  const fields = [
    input.nameEn,
    input.nameZhHans,
    input.nameZhHant,
    input.descriptionEn,
    input.descriptionZhHans,
    input.descriptionZhHant,
    input.sku,
    ...(input.attributes ?? []).flatMap((attribute) => [
      attribute.name,
      attribute.value,
      attribute.nameZhHans,
      attribute.valueZhHans,
      attribute.nameZhHant,
      attribute.valueZhHant,
    ]),
  ]
  return fields
    .filter((field): field is string => typeof field === 'string' && field.length > 0)
    .flatMap(tokens)
    .join(' ')
}

/** Chinese words by the ICU dictionary: a query's word boundaries decide which bigrams it needs (陶瓷杯 is 陶瓷 + 杯). */
const CHINESE_WORDS = new Intl.Segmenter('zh', { granularity: 'word' })

/** A Chinese word as the document tokens that must all be there: itself up to two characters, else its bigrams. */
function hanWordTerms(word: string): string[] {
  const chars = Array.from(word)
  return chars.length <= 2 ? [word] : chars.slice(0, -1).map((char, index) => char + chars[index + 1])
}

/**
 * A user query as the tokens that must all appear in search_document: Latin words as they are; a Chinese run split into
 * dictionary words, each as the tokens buildSearchDocument writes for it (itself up to two characters, else its bigrams).
 * A bigram across two words is not required, so 陶瓷杯 (陶瓷 + 杯) finds 陶瓷咖啡杯.
 */
export function searchQueryTerms(q: string): string[] {
  const lower = q.normalize('NFKC').toLowerCase()
  return [...new Set([...latinWords(lower), ...queryWords(lower).flatMap(hanWordTerms)])]
}

function latinWords(lower: string): string[] {
  return lower
    .replace(HAN_RUN, ' ')
    .split(SEPARATOR)
    .filter((word) => word.length > 0)
}

/** The dictionary words of the query's Han runs (Simplified and Traditional alike). */
function queryWords(lower: string): string[] {
  return Array.from(lower.matchAll(HAN_RUN), (match) => Array.from(CHINESE_WORDS.segment(match[0]), (segment) => segment.segment)).flat()
}

/** An English word of three or more plain letters: the only words given singular and plural forms. */
const ENGLISH_WORD = /^[a-z]{3,}$/

/** The singular of an English plural by its regular endings (mugs, boxes, benches, glasses, batteries); else the word. */
function singularOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1)
  return word
}

/** The regular plural of an English singular (mug → mugs, box → boxes, battery → batteries). */
function pluralOf(word: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`
  return `${word}s`
}

/**
 * The forms a query word matches: an English word in its singular and plural too, so "mugs" finds a "Coffee mug" and
 * "mug" finds "Mugs, set of six"; any other word (a number, a Chinese token, a model code) only as it is.
 */
export function wordForms(word: string): string[] {
  if (!ENGLISH_WORD.test(word)) return [word]
  const singular = singularOf(word)
  return [...new Set([word, singular, pluralOf(singular)])]
}

/**
 * Terms as a to_tsquery text: every term required, an English one in any of its forms ('ceramic' & ('mugs' | 'mug')).
 * Terms hold only letters and digits (the separators split them off), so quoting each lexeme is all the escaping needed.
 */
export function termsQuery(terms: string[]): string {
  return terms
    .map((term) => {
      const forms = wordForms(term).map((form) => `'${form}'`)
      return forms.length === 1 ? forms[0] : `(${forms.join(' | ')})`
    })
    .join(' & ')
}

/** HS codes are harmonised to six digits worldwide; longer national tariff lines are matched by their subheading. */
const HS_HARMONISED_DIGITS = 6
/** A number of 4–10 digits, dots allowed between groups (6912, 691200, 6912.00, 6912.00.10), standing alone. */
const HS_CODE = /(?<![\p{Script=Latin}\p{N}.])\d{2,}(?:\.\d{2,})*(?![\p{Script=Latin}\p{N}]|\.\d)/gu

const HS_LABEL = /(?<![\p{L}\p{N}])hs(?:\s*codes?)?(?![\p{L}\p{N}])/gu

export type HsCodeTerm = {
  /** Products whose HS code starts with it match. */
  prefix: string
  /** Or whose text holds these tokens (the number may be a model number or part of a SKU). */
  terms: string[]
}

export type ParsedSearchQuery = {
  /** Tokens that must all appear in search_document. */
  terms: string[]
  /** Each must match by HS code prefix or text. */
  hsCodes: HsCodeTerm[]
  /** The query's words for relevance (names that contain them rank higher): Latin words and Chinese dictionary words. */
  words: string[]
}

/** A marketplace query: its HS codes (4–10 digits, dots allowed) and the text terms of the rest. */
export function parseSearchQuery(q: string): ParsedSearchQuery {
  const lower = q.normalize('NFKC').toLowerCase()
  const hsCodes: HsCodeTerm[] = []
  const rest = lower.replace(HS_CODE, (code) => {
    const digits = code.replace(/\./g, '')
    if (digits.length < 4 || digits.length > 10) return code
    hsCodes.push({ prefix: digits.slice(0, HS_HARMONISED_DIGITS), terms: latinWords(code) })
    return ' '
  })
  // "HS 6912" names the code; the label itself is not a word to look for.
  const words = hsCodes.length > 0 ? rest.replace(HS_LABEL, ' ') : rest
  return { terms: searchQueryTerms(words), hsCodes, words: [...new Set([...latinWords(words), ...queryWords(words)])] }
}
