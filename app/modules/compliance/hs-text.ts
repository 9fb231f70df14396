// Words of the HS nomenclature and of what people type (issue 22): Latin words folded to a light stem (plurals and
// accents away), Chinese as overlapping character pairs (Chinese has no spaces; a pair is the smallest unit that
// still means something in tariff texts: 陶瓷, 餐具, 灯具). Pure, shared by the index, the classifier and the tests.

const HAN = /\p{Script=Han}/u
const HAN_RUN = /\p{Script=Han}+/gu
const LATIN_WORD = /[a-z0-9]+(?:-[a-z0-9]+)*/g

/** Words that say nothing about what a good is (they are in almost every description). */
const STOP_WORDS = new Set(
  'a an and are as at be by for from in into is it its nes no not of on or other others than that the their thereof to was whether which with without'.split(
    ' ',
  ),
)

/** NFKC, lower case, accents away: "Café" and "CAFE" are the same word. */
export const fold = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')

/** A light English stem: the plural and a few common endings, so "mugs" finds "mug" and "batteries" "battery". */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word
  if (word.endsWith('s')) return word.slice(0, -1)
  return word
}

/** The Latin words of a text (hyphenated words also as their parts), stop words left out. */
export function latinWords(text: string): string[] {
  const words: string[] = []
  for (const match of fold(text).matchAll(LATIN_WORD)) {
    const word = match[0]
    const parts = word.includes('-') ? [word.replace(/-/g, ''), ...word.split('-')] : [word]
    for (const part of parts) if (part.length > 1 && !STOP_WORDS.has(part)) words.push(part)
  }
  return words
}

/** The stems of a text's Latin words, each once, in order. */
export const latinStems = (text: string): string[] => [...new Set(latinWords(text).map(stem))]

/** A text's Chinese character pairs, each once (a lone character stands for itself). */
export function hanPairs(text: string): string[] {
  const pairs = new Set<string>()
  for (const match of text.normalize('NFKC').matchAll(HAN_RUN)) {
    const run = [...match[0]]
    if (run.length === 1) pairs.add(run[0]!)
    for (let index = 0; index + 1 < run.length; index++) pairs.add(run[index]! + run[index + 1]!)
  }
  return [...pairs]
}

export const hasHan = (text: string): boolean => HAN.test(text)

const ROW_CAPACITY = 64
const rowA = new Int32Array(ROW_CAPACITY)
const rowB = new Int32Array(ROW_CAPACITY)
const rowC = new Int32Array(ROW_CAPACITY)

/**
 * Damerau–Levenshtein distance (adjacent swaps count one), or `max + 1` as soon as it must exceed `max`: typo
 * tolerance only ever asks "within one or two edits?".
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  if (b.length >= ROW_CAPACITY) return a === b ? 0 : max + 1
  // Three rows reused across calls (the typo search runs this over hundreds of words per query).
  let before = rowA
  let previous = rowB
  let current = rowC
  for (let j = 0; j <= b.length; j++) previous[j] = j
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    let rowBest = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, before[j - 2]! + 1)
      current[j] = value
      if (value < rowBest) rowBest = value
    }
    if (rowBest > max) return max + 1
    ;[before, previous, current] = [previous, current, before]
  }
  return previous[b.length]!
}

/** How many edits a word of this length may be off and still be the word meant: none below 4 letters. */
export const typoBudget = (word: string): number => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0)

/** An HS code as people type it (8501.10, 8501 10, 85-01): its digits, or null when it is not one (1–6 digits). */
export function hsCodeQuery(text: string): string | null {
  const digits = text.trim().replace(/[.\s-]/g, '')
  return /^\d{1,6}$/.test(digits) ? digits : null
}

/** Whether a code has an HS shape: 2, 4 or 6 digits. */
export const isHsCodeShape = (code: string): boolean => /^\d{2}(?:\d{2}){0,2}$/.test(code)
