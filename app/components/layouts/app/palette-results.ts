/** One record the palette's server search found: its name, what tells it apart, and its locale-free page. */
export type PaletteHit = { id: string; title: string; detail: string; href: string }

/** The answer of GET /api/v1/search/palette, by kind (each kind best first, at most a few). */
export type PaletteResults = {
  orders: PaletteHit[]
  rfqs: PaletteHit[]
  products: PaletteHit[]
  marketplace: PaletteHit[]
  companies: PaletteHit[]
}

export const PALETTE_KINDS = ['orders', 'rfqs', 'products', 'marketplace', 'companies'] as const satisfies ReadonlyArray<keyof PaletteResults>
