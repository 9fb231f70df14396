import type { SpriteIconName } from '../../components/ui/sprite-icons'
import type { SupplierType } from '../../modules/companies/index'

// What each landing page says, in its order: ids of the landing catalog's texts (marketing.faq.{id}.q …) and the
// icon shown beside each point. The pages and the loaders' structured data read the same lists.

type IconPoint = { id: string; icon: SpriteIconName }

/** /marketing: the two sides it speaks to, four points each. */
export const MARKETING_AUDIENCES = ['buyers', 'suppliers'] as const
export const AUDIENCE_POINTS = ['point1', 'point2', 'point3', 'point4'] as const

/** /marketing: what Tradeport does (each is built: see docs/architecture.md). */
export const MARKETING_CAPABILITIES = [
  { id: 'projects', icon: 'folder-kanban' },
  { id: 'rfqs', icon: 'file-question-mark' },
  { id: 'comparison', icon: 'scale' },
  { id: 'orders', icon: 'shopping-cart' },
  { id: 'shipments', icon: 'truck' },
  { id: 'documents', icon: 'file-search' },
  { id: 'finance', icon: 'landmark' },
  { id: 'compliance', icon: 'hash' },
  { id: 'assistant', icon: 'message-square-quote' },
  { id: 'conversations', icon: 'messages-square' },
] as const satisfies readonly IconPoint[]

export const MARKETING_TRUST = [
  { id: 'roles', icon: 'user-check' },
  { id: 'record', icon: 'list-checks' },
  { id: 'security', icon: 'shield-check' },
  { id: 'api', icon: 'key-round' },
] as const satisfies readonly IconPoint[]

export const MARKETING_FAQ = ['cost', 'languages', 'both', 'escrow', 'assistant', 'integration'] as const

/** /sourcing: the steps from need to order. */
export const SOURCING_STEPS = ['project', 'find', 'rfq', 'compare', 'award', 'order'] as const
export const SOURCING_FAQ = ['sealed', 'unknown', 'currencies', 'cost'] as const
/** The parts of a landed cost, as the quotation comparison names them (its `components` texts). */
export const LANDED_COST_PARTS = [
  { id: 'goods', icon: 'package' },
  { id: 'origin', icon: 'factory' },
  { id: 'freight', icon: 'truck' },
  { id: 'insurance', icon: 'shield-check' },
  { id: 'destination', icon: 'map-pin' },
  { id: 'duty', icon: 'landmark' },
] as const satisfies readonly IconPoint[]

/** /supplier/portal: why sell, how, and who may apply. */
export const PORTAL_WHY = [
  { id: 'rfqs', icon: 'file-question-mark' },
  { id: 'badge', icon: 'badge-check' },
  { id: 'found', icon: 'earth' },
  { id: 'paid', icon: 'wallet' },
] as const satisfies readonly IconPoint[]
export const PORTAL_STEPS = ['apply', 'catalogue', 'prices', 'rfqs', 'orders', 'paid'] as const
export const PORTAL_FAQ = ['documents', 'review', 'catalogue', 'release', 'cost'] as const
/** Every supplier type the application offers, with its icon. */
export const SUPPLIER_TYPE_ICONS = {
  manufacturer: 'factory',
  trading_company: 'globe',
  wholesaler: 'warehouse',
  logistics_provider: 'truck',
  inspection_agency: 'clipboard-list',
  customs_broker: 'landmark',
  certification_body: 'badge-check',
} as const satisfies Record<SupplierType, SpriteIconName>
