/** The product tour's screenshots (scripts/tour-screens.ts takes them from the demo data), in the order the pages show them. */
export const TOUR_SHOTS = ['dashboard', 'project', 'comparison', 'order', 'shipment', 'document', 'profile', 'inbox', 'quote', 'fulfilment'] as const
export type TourShot = (typeof TOUR_SHOTS)[number]

/** Each shot is stored at these widths (px), for `srcset`: 720 fits a phone at 1.75 device pixels per CSS pixel (Lighthouse's). */
export const TOUR_WIDTHS = [720, 1280] as const
/** Every shot is taken in a 1280 × 800 window. */
export const TOUR_ASPECT = { width: 1280, height: 800 } as const

/** Each page opens with one shot beside its promise, then tours the others. */
export const MARKETING_HERO: TourShot = 'dashboard'
export const MARKETING_TOUR = ['project', 'comparison', 'order', 'shipment', 'document'] as const satisfies readonly TourShot[]
export const PORTAL_HERO: TourShot = 'profile'
export const PORTAL_TOUR = ['inbox', 'quote', 'fulfilment'] as const satisfies readonly TourShot[]

/** A screenshot as an `<img>` shows it: the small file as `src`, every width in `srcSet`, and its intrinsic size. */
export type TourImage = { shot: TourShot; src: string; srcSet: string; width: number; height: number }
