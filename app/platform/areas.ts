/**
 * Product areas that exist so far. Navigation, search boxes and links to an area appear only once the
 * area's pages exist; each module's issue switches its area on. Paths are locale-free.
 */
export const AREAS = {
  /** Public marketplace search (`/b2b/market`), arriving with the catalogue and marketplace. */
  marketplace: { available: true, searchPath: '/b2b/market' },
} as const
