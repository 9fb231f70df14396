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
  attributes?: { name: string; value: string }[]
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
    ...(input.attributes ?? []).flatMap((attribute) => [attribute.name, attribute.value]),
  ]
  return fields
    .filter((field): field is string => typeof field === 'string' && field.length > 0)
    .flatMap(tokens)
    .join(' ')
}

/**
 * A user query as the tokens that must all appear in search_document: Latin words as they are, a Chinese run of one or
 * two characters as itself, a longer run as its bigrams.
 */
export function searchQueryTerms(q: string): string[] {
  const lower = q.normalize('NFKC').toLowerCase()
  const words = lower
    .replace(HAN_RUN, ' ')
    .split(SEPARATOR)
    .filter((word) => word.length > 0)
  const han = Array.from(lower.matchAll(HAN_RUN), (match) => {
    const chars = Array.from(match[0])
    return chars.length <= 2 ? [match[0]] : chars.slice(0, -1).map((char, index) => char + chars[index + 1])
  }).flat()
  return [...new Set([...words, ...han])]
}
