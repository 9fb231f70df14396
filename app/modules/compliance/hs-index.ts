// The HS 2022 nomenclature as an in-memory index (issue 22): 7,000 codes fit in a few megabytes, never change between
// releases, and answer a search in well under a millisecond — no database round trip per keystroke. Pure: the server
// builds it once from the catalogue's nomenclature rows and the bundled Chinese texts.
import { editDistance, fold, hanPairs, hasHan, hsCodeQuery, latinStems, latinWords, stem, typoBudget } from './hs-text'

export type HsRow = { code: string; parentCode: string | null; level: number; section: string; description: string }
export type HsSectionText = { section: string; en: string; zhHans: string; zhHant: string }
/** Chinese texts by code: [simplified, traditional]. */
export type HsChineseTexts = Readonly<Record<string, readonly [string, string]>>

export type HsLocaleText = 'en' | 'zh-Hans' | 'zh-Hant'

export type HsNode = {
  code: string
  level: number
  section: string
  parentCode: string | null
  children: string[]
  en: string
  zhHans: string | null
  zhHant: string | null
}

export type HsSection = HsSectionText & { chapters: string[] }

/** A description in the reader's language, and whether it fell back to English (no Chinese text for the code). */
export type HsText = { text: string; fallback: boolean }

export type HsSearchHit = {
  code: string
  level: number
  /** The words of the query found in the code's description (as the description spells them), for "why this code". */
  matched: string[]
  /** Query words read as a near spelling: typed → found. */
  corrected: Array<{ typed: string; found: string }>
  score: number
}

export type HsSuggestion = {
  heading: string
  /** The subheading under it that the description fits best (null when none says more than the heading). */
  subheading: string | null
  score: number
  /** The description's words that point here (nomenclature words and product names the classifier knows). */
  reasons: string[]
}

type Posting = { node: number; weight: number }

/**
 * Words in a description after "other than", "not", "excluding" or "except" (up to the clause's end) say what it is
 * not; so do the Chinese 但…除外 ("except …") and 不包括… ("not including …").
 */
const NEGATED = /\b(?:other than|not|excluding|except)\b[^;,()]*|但[^；;。]*?除外|不包括[^）)；;。]*/g

const positiveText = (text: string) => fold(text).replace(NEGATED, ' ')

/** Surface forms of a stem in a description, to show the reader the word as the nomenclature writes it. */
function surfaceWords(text: string): Map<string, string> {
  const forms = new Map<string, string>()
  for (const word of latinWords(text)) if (!forms.has(stem(word))) forms.set(stem(word), word)
  return forms
}

export type ProductTerm = { terms: readonly string[]; headings: readonly string[] }

type ProductTermIndex = { latin: string[][]; latinTerms: string[]; han: string[]; headings: readonly string[] }

export class HsIndex {
  readonly nodes: HsNode[]
  readonly sections: HsSection[]
  private readonly byCode = new Map<string, number>()
  private readonly latin = new Map<string, Posting[]>()
  private readonly han = new Map<string, Posting[]>()
  /** The vocabulary by first letter: a typo is looked for among words that begin as it does. */
  private readonly vocabulary = new Map<string, string[]>()
  private readonly surfaces: Array<Map<string, string>>
  /** Each code's own words, "other than …" clauses left out (which subheading a description fits best). */
  private readonly positiveStems: Array<Set<string>>
  /** Classification documents: per heading, weighted stems (the heading's words, its subheadings', its chapter's). */
  private readonly headingTerms = new Map<string, Map<string, number>>()
  private readonly headingDocumentFrequency = new Map<string, number>()
  private readonly headings: string[]
  private readonly productTerms: ProductTermIndex[]

  constructor(rows: readonly HsRow[], sections: readonly HsSectionText[], chinese: HsChineseTexts, productTerms: readonly ProductTerm[] = []) {
    const usable = rows.filter((row) => /^\d+$/.test(row.code) && [2, 4, 6].includes(row.level)).sort((a, b) => a.code.localeCompare(b.code))
    this.nodes = usable.map((row) => ({
      code: row.code,
      level: row.level,
      section: row.section,
      parentCode: row.level === 2 ? null : row.parentCode,
      children: [],
      en: row.description,
      zhHans: chinese[row.code]?.[0] ?? null,
      zhHant: chinese[row.code]?.[1] ?? null,
    }))
    this.nodes.forEach((node, index) => this.byCode.set(node.code, index))
    for (const node of this.nodes) if (node.parentCode) this.nodes[this.byCode.get(node.parentCode) ?? -1]?.children.push(node.code)
    this.sections = sections.map((section) => ({
      ...section,
      chapters: this.nodes.filter((node) => node.level === 2 && node.section === section.section).map((node) => node.code),
    }))
    this.surfaces = this.nodes.map((node) => surfaceWords(node.en))
    this.positiveStems = this.nodes.map((node) => new Set(latinStems(positiveText(node.en))))
    this.nodes.forEach((node, index) => {
      const positive = this.positiveStems[index]!
      for (const word of latinStems(node.en)) push(this.latin, word, { node: index, weight: positive.has(word) ? 1 : 0.3 })
      for (const pair of new Set([...hanPairs(node.zhHans ?? ''), ...hanPairs(node.zhHant ?? '')])) push(this.han, pair, { node: index, weight: 1 })
    })
    for (const word of this.latin.keys()) {
      const bucket = this.vocabulary.get(word[0]!)
      if (bucket) bucket.push(word)
      else this.vocabulary.set(word[0]!, [word])
    }
    this.headings = this.nodes.filter((node) => node.level === 4).map((node) => node.code)
    for (const heading of this.headings) {
      const node = this.node(heading)!
      const chapter = this.node(heading.slice(0, 2))
      const terms = new Map<string, number>()
      const add = (text: string, weight: number) => {
        for (const word of latinStems(positiveText(text))) terms.set(word, Math.max(terms.get(word) ?? 0, weight))
        for (const pair of hanPairs(text)) terms.set(pair, Math.max(terms.get(pair) ?? 0, weight))
      }
      if (chapter) add(`${chapter.en} ${chapter.zhHans ?? ''} ${chapter.zhHant ?? ''}`, 0.4)
      for (const child of node.children) add(this.node(child)!.en, 0.7)
      add(`${node.en} ${node.zhHans ?? ''} ${node.zhHant ?? ''}`, 1)
      this.headingTerms.set(heading, terms)
      for (const term of terms.keys()) this.headingDocumentFrequency.set(term, (this.headingDocumentFrequency.get(term) ?? 0) + 1)
    }
    this.productTerms = productTerms.map((entry) => {
      const latinTerms = entry.terms.filter((term) => !hasHan(term))
      return { latin: latinTerms.map((term) => latinStems(term)), latinTerms, han: entry.terms.filter(hasHan), headings: entry.headings }
    })
  }

  node(code: string): HsNode | null {
    const index = this.byCode.get(code)
    return index === undefined ? null : this.nodes[index]!
  }

  section(section: string): HsSection | null {
    return this.sections.find((candidate) => candidate.section === section) ?? null
  }

  /** The code's description in the reader's language; codes without a Chinese text fall back to English, marked. */
  text(code: string, locale: HsLocaleText): HsText {
    const node = this.node(code)
    if (!node) return { text: '', fallback: false }
    const chinese = locale === 'zh-Hans' ? node.zhHans : locale === 'zh-Hant' ? node.zhHant : null
    if (locale === 'en') return { text: node.en, fallback: false }
    return chinese ? { text: chinese, fallback: false } : { text: node.en, fallback: true }
  }

  sectionName(section: HsSection, locale: HsLocaleText): string {
    return locale === 'zh-Hans' ? section.zhHans : locale === 'zh-Hant' ? section.zhHant : section.en
  }

  /** The code's ancestors, chapter first (not the code itself). */
  ancestors(code: string): HsNode[] {
    const chain: HsNode[] = []
    for (let node = this.node(code); node?.parentCode;) {
      node = this.node(node.parentCode)
      if (node) chain.unshift(node)
    }
    return chain
  }

  /** The existing codes nearest to an unknown one (same heading, chapter…), for a not-found page that offers a way on. */
  nearby(code: string, limit = 8): string[] {
    for (let length = Math.min(code.length, 6) - 1; length >= 2; length--) {
      const prefix = code.slice(0, length)
      const found = this.nodes.filter((node) => node.code.startsWith(prefix) && node.code !== code).slice(0, limit)
      if (found.length > 0) return found.map((node) => node.code)
    }
    return []
  }

  /**
   * Codes for what someone typed: digits are a code prefix (8501, 8501.10); words match descriptions in English (a
   * typo within one or two letters forgiven, the last word also as a prefix while typing) or Chinese (character pairs).
   * Codes holding more of the query's words come first, then the rarer words, then the broader code.
   */
  search(query: string, limit = 20): HsSearchHit[] {
    const code = hsCodeQuery(query)
    if (code !== null)
      return this.nodes
        .filter((node) => node.code.startsWith(code))
        .slice(0, limit)
        .map((node) => ({ code: node.code, level: node.level, matched: [], corrected: [], score: 1 }))
    const folded = fold(query)
    const stems = latinStems(folded)
    const pairs = hanPairs(folded)
    if (stems.length === 0 && pairs.length === 0) return []
    const total = this.nodes.length
    const scores = new Map<number, { score: number; terms: Set<string>; matched: Set<string> }>()
    const corrected: Array<{ typed: string; found: string }> = []
    const credit = (postings: Posting[], term: string, factor: number, stemFound: string | null) => {
      const idf = Math.log(1 + total / postings.length)
      for (const posting of postings) {
        const entry = scores.get(posting.node) ?? { score: 0, terms: new Set<string>(), matched: new Set<string>() }
        if (!entry.terms.has(term)) entry.score += idf * factor * posting.weight
        entry.terms.add(term)
        if (stemFound) entry.matched.add(this.surfaces[posting.node]!.get(stemFound) ?? stemFound)
        scores.set(posting.node, entry)
      }
    }
    stems.forEach((word, position) => {
      const exact = this.latin.get(word)
      if (exact) return credit(exact, word, 1, word)
      const near = this.nearWords(word, position === stems.length - 1)
      for (const { found, factor } of near) credit(this.latin.get(found)!, word, factor, found)
      if (near[0]) corrected.push({ typed: word, found: near[0].found })
    })
    for (const pair of pairs) {
      const postings = this.han.get(pair)
      if (postings) credit(postings, pair, 1, null)
    }
    // Product names the nomenclature never uses (mug, 杯) count for the headings they usually go to.
    for (const entry of this.productTerms) {
      const covered = new Set<string>()
      let named = ''
      entry.latin.forEach((phrase, index) => {
        if (phrase.length > 0 && phrase.every((word) => stems.includes(word))) {
          for (const word of phrase) covered.add(word)
          named ||= entry.latinTerms[index]!
        }
      })
      for (const term of entry.han) {
        const wanted = fold(term)
        if (!folded.includes(wanted)) continue
        for (const pair of pairs) if (wanted.includes(pair) || pair.includes(wanted)) covered.add(pair)
        named ||= term
      }
      if (covered.size === 0) continue
      const postings = entry.headings.flatMap((heading) => {
        const index = this.byCode.get(heading)
        return index === undefined ? [] : [{ node: index, weight: 0.9 }]
      })
      for (const term of covered) credit(postings, term, 1, null)
      for (const posting of postings) scores.get(posting.node)?.matched.add(named)
    }
    const terms = stems.length + pairs.length
    return [...scores]
      .map(([index, entry]) => ({ index, entry, coverage: entry.terms.size / terms }))
      .sort(
        (a, b) =>
          b.coverage - a.coverage ||
          b.entry.score - a.entry.score ||
          this.nodes[a.index]!.level - this.nodes[b.index]!.level ||
          // The nodes are in code order.
          a.index - b.index,
      )
      .slice(0, limit)
      .map(({ index, entry }) => ({
        code: this.nodes[index]!.code,
        level: this.nodes[index]!.level,
        matched: [...entry.matched],
        corrected: corrected.filter((correction) => entry.matched.has(this.surfaces[index]!.get(correction.found) ?? correction.found)),
        score: Math.round(entry.score * 100) / 100,
      }))
  }

  /** Vocabulary words within the typo budget of `word` (and, for the word being typed, words it begins). */
  private nearWords(word: string, typing: boolean): Array<{ found: string; factor: number }> {
    const budget = typoBudget(word)
    const found: Array<{ found: string; factor: number; distance: number }> = []
    for (const candidate of this.vocabulary.get(word[0]!) ?? []) {
      if (typing && word.length >= 3 && candidate.startsWith(word)) {
        found.push({ found: candidate, factor: 0.7, distance: 0 })
        continue
      }
      if (budget === 0 || Math.abs(candidate.length - word.length) > budget) continue
      const distance = editDistance(word, candidate, budget)
      if (distance <= budget) found.push({ found: candidate, factor: distance === 1 ? 0.8 : 0.6, distance })
    }
    return found.sort((a, b) => a.distance - b.distance || b.factor - a.factor).slice(0, 8)
  }

  /**
   * Ranked headings for a product description: each of its words weighs by how rare it is among headings (a word of the
   * heading itself counts fully, of its subheadings less, of its chapter least; words after "other than" not at all),
   * and product names the nomenclature never uses (mug, smartphone, 手机) point to their headings through the product
   * terms. Under each heading, the subheading whose own words fit best.
   */
  classify(description: string, limit = 5): HsSuggestion[] {
    const folded = fold(description)
    const stems = latinStems(folded)
    const pairs = hanPairs(folded)
    const headingCount = this.headings.length
    const scores = new Map<string, { score: number; reasons: Set<string> }>()
    const add = (heading: string, score: number, reason: string) => {
      const entry = scores.get(heading) ?? { score: 0, reasons: new Set<string>() }
      entry.score += score
      entry.reasons.add(reason)
      scores.set(heading, entry)
    }
    // The head of a product name comes last ("porcelain coffee mug" is a mug, 陶瓷咖啡杯 a cup): of the names in the
    // description's first phrase (before "with", "for", a comma…), the last counts most; names further on count less.
    const clause = folded.split(/[,;:(]|\b(?:with|for|in|from|made|set)\b/)[0] ?? folded
    const clauseStems = latinStems(clause)
    const hits: Array<{ entry: ProductTermIndex; position: number; term: string }> = []
    for (const entry of this.productTerms) {
      let best = { position: -2, term: '' }
      const consider = (position: number, term: string) => {
        if (position > best.position) best = { position, term }
      }
      entry.latin.forEach((phrase, index) => {
        if (phrase.length === 0 || !phrase.every((word) => stems.includes(word))) return
        const inClause = phrase.every((word) => clauseStems.includes(word))
        consider(inClause ? Math.max(...phrase.map((word) => clauseStems.indexOf(word))) / clauseStems.length : -1, entry.latinTerms[index]!)
      })
      for (const term of entry.han) {
        const at = clause.lastIndexOf(fold(term))
        if (at >= 0) consider((at + term.length) / clause.length, term)
        else if (folded.includes(fold(term))) consider(-1, term)
      }
      if (best.position > -2) hits.push({ entry, ...best })
    }
    const head = Math.max(...hits.map((hit) => hit.position))
    for (const { entry, position, term } of hits) {
      // A name that means one heading (knife) says more than one that spans several (cup: porcelain, glass, plastics…).
      const weight = (6 / Math.sqrt(entry.headings.length)) * (position === head && position >= 0 ? 1.5 : position >= 0 ? 0.8 : 0.5)
      for (const heading of entry.headings) if (this.node(heading)) add(heading, weight, term)
    }
    // Figures (15 inch, 9 W, 128 GB) say how big, not what: they are left to the product names above.
    for (const term of [...stems.filter((word) => /[a-z]/.test(word)), ...pairs]) {
      const frequency = this.headingDocumentFrequency.get(term)
      if (!frequency) continue
      const idf = Math.log(1 + headingCount / frequency)
      for (const heading of this.headings) {
        const weight = this.headingTerms.get(heading)!.get(term)
        if (weight) add(heading, idf * weight, hasHan(term) ? term : (this.surfaces[this.byCode.get(heading)!]!.get(term) ?? term))
      }
    }
    return [...scores]
      .sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([heading, entry]) => ({
        heading,
        subheading: this.bestSubheading(heading, stems),
        score: Math.round(entry.score * 100) / 100,
        reasons: [...entry.reasons].slice(0, 8),
      }))
  }

  private bestSubheading(heading: string, stems: string[]): string | null {
    const children = this.node(heading)?.children ?? []
    if (children.length === 1) return children[0]!
    let best: { code: string; score: number } | null = null
    for (const child of children) {
      const words = this.positiveStems[this.byCode.get(child)!]!
      const score = stems.filter((word) => words.has(word)).length
      if (score > 0 && (!best || score > best.score)) best = { code: child, score }
    }
    return best?.code ?? null
  }
}

function push<K>(map: Map<K, Posting[]>, key: K, posting: Posting): void {
  const list = map.get(key)
  if (!list) map.set(key, [posting])
  else if (list[list.length - 1]!.node !== posting.node) list.push(posting)
}
