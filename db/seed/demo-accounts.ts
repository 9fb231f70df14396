/** The demo sign-ins printed by `npm start` and used by the browser tests. */
export const DEMO_ACCOUNTS = [
  { key: 'buyer', name: 'Bea Lin', email: 'buyer@tradeport.demo', password: 'Lantern-Harbour-2026', role: 'user' },
  { key: 'supplier', name: 'Sam Okafor', email: 'supplier@tradeport.demo', password: 'Bamboo-Kiln-Forge-88', role: 'user' },
  { key: 'admin', name: 'Ada Moreau', email: 'admin@tradeport.demo', password: 'Granite-Compass-71', role: 'admin' },
] as const
