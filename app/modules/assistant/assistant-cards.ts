// What the assistant shows beside its words (issue 23): the results of the tools it called, as cards the chat page
// renders. Everything in a card was read through a service with the signed-in actor; paths are the app's own.
import type { DraftStatus, DraftTarget } from './assistant.constants'

export type Money = { amount: string; currency: string }

export type ProductCardItem = {
  id: string
  name: string
  path: string
  supplierId: string
  supplierName: string
  supplierVerified: boolean
  price: Money | null
  moq: number | null
  unit: string | null
  imageUrl: string | null
}

export type SupplierCardItem = {
  id: string
  name: string
  path: string
  country: string | null
  verified: boolean
  /** Products of theirs the query matched. */
  matchingProducts: number
  shortlisted: boolean
}

export type HsCardItem = { code: string; description: string; path: string; confidence: number }

export type DraftCard = {
  kind: 'draft'
  draftId: string
  target: DraftTarget
  status: DraftStatus
  /** The fields as proposed (the tool's validated arguments), shown for review before "create". */
  fields: Record<string, string | number | string[]>
  /** Where the new record lives once created. */
  created: { id: string; number: string | null; path: string } | null
}

export type AssistantCard =
  | { kind: 'products'; query: string; total: number; items: ProductCardItem[]; morePath: string }
  | { kind: 'suppliers'; query: string; items: SupplierCardItem[]; morePath: string; projectId: string | null }
  | { kind: 'hs_codes'; description: string; items: HsCardItem[] }
  | { kind: 'prices'; query: string; currency: string; count: number; low: string | null; median: string | null; high: string | null; path: string }
  | {
      kind: 'comparison'
      rfq: { id: string; number: string; title: string; path: string }
      quotations: number
      cheapest: { supplier: string; total: Money } | null
      fastest: { supplier: string; leadTimeDays: number } | null
      risks: Array<{ supplier: string; code: string }>
    }
  | { kind: 'order'; id: string; number: string; status: string; supplier: string; total: Money; path: string; expectedOn: string | null }
  | { kind: 'project'; id: string; number: string; name: string; status: string; path: string; requirements: number; awarded: number; deadline: string | null }
  | { kind: 'rfq'; id: string; number: string; title: string; status: string; path: string; quotations: number; deadline: string | null }
  | DraftCard
