// Which companies a WTO ePing notification concerns (issue 22), and why: a pure function of notifications, products and
// subscriptions, with no database in sight (the sync, the subscription editor and the benchmark all call it).
//
// A product is concerned when its HS code starts with a notified code (a notification on 6912 covers 691200), or a
// notified code starts with the product's code of four digits or more (one on 691200 concerns a product filed under
// 6912); or when its English name's significant words appear in the notification's title or products. A subscription
// is concerned by notified codes it contains or that contain it, by the notifying member, and by its keywords.
//
// Notifications are indexed once by HS code, by code prefix, by member and by word; each product and subscription then
// looks up only its own few keys. No loop ever runs over notifications × products: the cost follows the pairs found
// (10,000 notifications against 100,000 products with 17 million product-notification pairs took 8 s here).
import type { EpingMatchReason } from './compliance.tables.server'
import { isWordlessKeyword, keywordOccurs, significantWords, stemPhrase, wordsNeeded, wordStems } from './eping-text'

export type MatchableNotification = {
  id: string
  hsCodes: readonly string[]
  memberCode: string
  title: string
  products: string
  /** Title, description, products and objectives (what keywords are looked for in). */
  searchText: string
}

export type MatchableProduct = { id: string; organizationId: string; hsCode: string | null; names: readonly string[] }

export type MatchableSubscription = {
  organizationId: string
  hsCodes: readonly string[]
  memberCodes: readonly string[]
  keywords: readonly string[]
}

/** One company concerned by one notification: through which of its products, and why. */
export type EpingMatch = { organizationId: string; notificationId: string; productIds: string[]; reasons: EpingMatchReason[] }

/** Reasons kept per match: enough to say why, not one per product of a large catalogue. */
export const MATCH_REASON_LIMIT = 20

/** A notification concerned, and why. */
type Hit = { index: number; reason: EpingMatchReason }

const hit = (index: number, kind: EpingMatchReason['kind'], value: string): Hit => ({ index, reason: { kind, value } })

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** The notifications, indexed for look-ups by HS code, code prefix, member and word. Build once, match many. */
export class EpingNotificationIndex {
  /** Notified code → the notifications listing it. */
  private readonly byCode = new Map<string, number[]>()
  /** A proper prefix (2+ digits) of a notified code → the notifications and the longer code they list. */
  private readonly byCodePrefix = new Map<string, Array<{ index: number; code: string }>>()
  private readonly byMember = new Map<string, number[]>()
  /** Stem of a word of the title or products → the notifications that have it. */
  private readonly byNameWord = new Map<string, number[]>()
  /** Built at the first keyword: stem of any word of the notification's text → notifications. */
  private byTextWord: Map<string, number[]> | null = null
  private readonly phrases: Array<string | undefined> = []
  /** Products share codes and names (a family's variants): the hits of each are worked out once. */
  private readonly codeHits = new Map<string, Hit[]>()
  private readonly nameHits = new Map<string, Hit[]>()

  constructor(readonly notifications: readonly MatchableNotification[]) {
    notifications.forEach((notification, index) => {
      for (const code of new Set(notification.hsCodes)) {
        push(this.byCode, code, index)
        for (let length = 2; length < code.length; length++) push(this.byCodePrefix, code.slice(0, length), { index, code })
      }
      push(this.byMember, notification.memberCode, index)
      for (const word of wordStems(`${notification.title} ${notification.products}`)) push(this.byNameWord, word, index)
    })
  }

  /** Why notifications concern a product, as lists of hits (by its HS code, by each of its names). */
  productHits(product: Pick<MatchableProduct, 'hsCode' | 'names'>): Hit[][] {
    const lists = [this.hitsOfCode(product.hsCode?.replace(/\D/g, '') ?? '')]
    for (const name of product.names) lists.push(this.hitsOfName(name))
    return lists
  }

  /** Notifications whose code starts the product's, or (from a heading on) that the product's code starts. */
  private hitsOfCode(code: string): Hit[] {
    const known = this.codeHits.get(code)
    if (known) return known
    const hits: Hit[] = []
    if (code.length >= 2) {
      for (let length = 2; length <= code.length; length++) {
        const notified = code.slice(0, length)
        for (const index of this.byCode.get(notified) ?? []) hits.push(hit(index, 'product_hs', notified))
      }
      // A notification more precise than the product's code, when that code says at least the heading.
      if (code.length >= 4) for (const { index, code: notified } of this.byCodePrefix.get(code) ?? []) hits.push(hit(index, 'product_hs', notified))
    }
    this.codeHits.set(code, hits)
    return hits
  }

  /** The notifications whose title or products hold enough of the name's significant words. */
  private hitsOfName(name: string): Hit[] {
    const known = this.nameHits.get(name)
    if (known) return known
    const words = significantWords(name)
    const needed = wordsNeeded(words.length)
    const found = new Map<number, string[]>()
    for (const word of words) for (const index of this.byNameWord.get(word) ?? []) push(found, index, word)
    const hits: Hit[] = []
    for (const [index, matched] of found) if (needed > 0 && matched.length >= needed) hits.push(hit(index, 'product_words', matched.join(' ')))
    this.nameHits.set(name, hits)
    return hits
  }

  /** Why each notification concerns the subscription: its HS codes (either way round), members and keywords. */
  subscriptionHits(subscription: MatchableSubscription): Hit[] {
    const hits: Hit[] = []
    for (const prefix of new Set(subscription.hsCodes)) {
      for (let length = 2; length <= prefix.length; length++) {
        for (const index of this.byCode.get(prefix.slice(0, length)) ?? []) hits.push(hit(index, 'subscription_hs', prefix))
      }
      for (const { index } of this.byCodePrefix.get(prefix) ?? []) hits.push(hit(index, 'subscription_hs', prefix))
    }
    for (const member of new Set(subscription.memberCodes)) {
      for (const index of this.byMember.get(member) ?? []) hits.push(hit(index, 'subscription_member', member))
    }
    for (const keyword of new Set(subscription.keywords)) {
      for (const index of this.keywordCandidates(keyword)) if (this.containsKeyword(index, keyword)) hits.push(hit(index, 'subscription_keyword', keyword))
    }
    return hits
  }

  /** Notifications that may hold the keyword: those with its first word (all of them for a keyword without Latin words). */
  private keywordCandidates(keyword: string): Iterable<number> {
    if (isWordlessKeyword(keyword)) return this.notifications.keys()
    const first = stemPhrase(keyword).trim().split(' ')[0] ?? ''
    return this.textWords().get(first) ?? []
  }

  private textWords(): Map<string, number[]> {
    if (this.byTextWord) return this.byTextWord
    const byWord = new Map<string, number[]>()
    this.notifications.forEach((notification, index) => {
      for (const word of new Set(stemPhrase(notification.searchText).split(' '))) if (word) push(byWord, word, index)
    })
    this.byTextWord = byWord
    return byWord
  }

  private containsKeyword(index: number, keyword: string): boolean {
    const notification = this.notifications[index]!
    if (isWordlessKeyword(keyword)) return keywordOccurs(keyword, notification.searchText)
    this.phrases[index] ??= stemPhrase(notification.searchText)
    return this.phrases[index].includes(stemPhrase(keyword))
  }
}

/** Plain arrays (a match is made per company and notification: millions of them must stay small). */
type Found = { productIds: string[]; reasons: EpingMatchReason[] }

/** Collects the hits of products and subscriptions into one match per company and notification. */
export class EpingMatcher {
  /** Company → notification (by index) → what concerns it. */
  private readonly found = new Map<string, Map<number, Found>>()

  constructor(private readonly index: EpingNotificationIndex) {}

  addProducts(products: Iterable<MatchableProduct>): this {
    for (const product of products) {
      const company = this.companyOf(product.organizationId)
      for (const hits of this.index.productHits(product)) for (const found of hits) this.record(company, found, product.id)
    }
    return this
  }

  addSubscriptions(subscriptions: Iterable<MatchableSubscription>): this {
    for (const subscription of subscriptions) {
      const company = this.companyOf(subscription.organizationId)
      for (const found of this.index.subscriptionHits(subscription)) this.record(company, found)
    }
    return this
  }

  private companyOf(organizationId: string): Map<number, Found> {
    let company = this.found.get(organizationId)
    if (!company) {
      company = new Map()
      this.found.set(organizationId, company)
    }
    return company
  }

  private record(company: Map<number, Found>, { index, reason }: Hit, productId?: string): void {
    let found = company.get(index)
    if (!found) {
      found = { productIds: [], reasons: [] }
      company.set(index, found)
    }
    // A product's hits are recorded together: a repeat of it is the last one listed.
    if (productId !== undefined && found.productIds[found.productIds.length - 1] !== productId) found.productIds.push(productId)
    if (found.reasons.length < MATCH_REASON_LIMIT && !found.reasons.some((known) => known.kind === reason.kind && known.value === reason.value)) {
      found.reasons.push(productId === undefined ? reason : { ...reason, productId })
    }
  }

  /** The matches, by notification (in the index's order) and company. */
  matches(): EpingMatch[] {
    const all: Array<EpingMatch & { index: number }> = []
    for (const [organizationId, company] of this.found) {
      for (const [index, found] of company) {
        all.push({
          index,
          organizationId,
          notificationId: this.index.notifications[index]!.id,
          productIds: found.productIds,
          reasons: found.reasons,
        })
      }
    }
    all.sort((a, b) => a.index - b.index || (a.organizationId < b.organizationId ? -1 : a.organizationId > b.organizationId ? 1 : 0))
    return all.map(({ index: _index, ...match }) => match)
  }
}

/** Every company the notifications concern, through its products and its subscription, with the reasons. */
export function matchNotifications(
  notifications: readonly MatchableNotification[],
  products: Iterable<MatchableProduct>,
  subscriptions: Iterable<MatchableSubscription> = [],
): EpingMatch[] {
  return new EpingMatcher(new EpingNotificationIndex(notifications)).addProducts(products).addSubscriptions(subscriptions).matches()
}
