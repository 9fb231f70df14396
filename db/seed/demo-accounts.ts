/** The demo sign-ins printed by `npm start` and used by the browser tests. */
export const DEMO_ACCOUNTS = [
  { key: 'buyer', name: 'Bea Lin', email: 'buyer@tradeport.demo', password: 'Lantern-Harbour-2026', role: 'user' },
  { key: 'supplier', name: 'Sam Okafor', email: 'supplier@tradeport.demo', password: 'Bamboo-Kiln-Forge-88', role: 'user' },
  { key: 'admin', name: 'Ada Moreau', email: 'admin@tradeport.demo', password: 'Granite-Compass-71', role: 'admin' },
] as const

/** The demo companies: the buyer's and the (verified) supplier's, each owned by its demo account. */
export const DEMO_COMPANIES = [
  { owner: 'buyer', name: 'Harbour Lantern Trading', kind: 'buyer', country: 'HK', city: 'Hong Kong', supplierType: null, verificationStatus: 'unverified' },
  {
    owner: 'supplier',
    name: 'Bamboo Kiln Ceramics',
    kind: 'supplier',
    country: 'CN',
    city: 'Jingdezhen',
    supplierType: 'manufacturer',
    verificationStatus: 'accept',
  },
] as const
