// The 200 search queries of `npm run bench:search`, built from the generator's vocabulary so they hit real products:
// English words and phrases, typos, Chinese of one, two and three characters, some with facets.
import { topLevelOf } from '../db/seed/marketplace/plan'
import { FAMILIES } from '../db/seed/marketplace/vocabulary'

export type BenchQuery = { kind: string; q?: string; params: Record<string, string> }

/** A typo a buyer makes: two letters swapped, one dropped or one doubled, by position. */
function typo(word: string, variant: number): string {
  const at = 1 + (variant % Math.max(word.length - 2, 1))
  if (variant % 3 === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  if (variant % 3 === 1) return word.slice(0, at) + word.slice(at + 1)
  return word.slice(0, at) + word[at] + word.slice(at)
}

const take = <T>(items: T[], count: number) => Array.from({ length: count }, (_, index) => items[index % items.length]!)

export function benchQueries(): BenchQuery[] {
  const english = FAMILIES.map((family) => family.name.en.toLowerCase())
  const words = [...new Set(english.flatMap((name) => name.split(/[\s-]+/)).filter((word) => /^[a-z]{5,}$/.test(word)))]
  const hans = FAMILIES.map((family) => family.name.zhHans.replace(/[^\p{Script=Han}]/gu, ''))
  const hant = FAMILIES.map((family) => family.name.zhHant.replace(/[^\p{Script=Han}]/gu, ''))
  const chinese = hans.flatMap((name, index) => [name, hant[index]!]).filter((name) => name.length >= 3)
  const one = [...new Set(chinese.map((name) => name.at(-1)!))]
  const two = [...new Set(chinese.map((name, index) => (index % 2 === 0 ? name.slice(0, 2) : name.slice(-2))))]
  const three = [...new Set(chinese.map((name) => name.slice(0, 3)))]
  const plain: BenchQuery[] = [
    ...take(english, 50).map((q) => ({ kind: 'English', q, params: {} })),
    ...take(words, 30).map((word, index) => ({ kind: 'typo', q: typo(word, index), params: {} })),
    ...take(one, 20).map((q) => ({ kind: 'Chinese 1 char', q, params: {} })),
    ...take(two, 30).map((q) => ({ kind: 'Chinese 2 chars', q, params: {} })),
    ...take(three, 20).map((q) => ({ kind: 'Chinese 3 chars', q, params: {} })),
  ]
  const origins = ['CN', 'VN', 'IN', 'TR', 'DE', 'TW']
  const faceted: BenchQuery[] = take(FAMILIES, 50).map((family, index) => {
    const q = index % 2 === 0 ? family.name.en.split(' ').at(-1)!.toLowerCase() : family.name.zhHans.replace(/[^\p{Script=Han}]/gu, '').slice(-2)
    const facet = index % 5
    const params: Record<string, string> =
      facet === 0
        ? { category: topLevelOf(family) }
        : facet === 1
          ? { origin: origins[index % origins.length]! }
          : facet === 2
            ? { verified: 'true' }
            : facet === 3
              ? { price_min: '1', price_max: (family.priceCents[1] / 100).toFixed(2) }
              : { moq_max: '500', category: family.categoryId }
    return { kind: 'with facets', q, params }
  })
  return [...plain, ...faceted]
}
