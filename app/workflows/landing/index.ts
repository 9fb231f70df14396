export { LandingShell } from './components/landing-shell'
export {
  CtaBand,
  FaqList,
  LandingActions,
  LandingHero,
  LandingSection,
  PointGrid,
  StepList,
  type LandingAction,
  type LandingPoint,
} from './components/landing-sections'
export { TourGallery, TourPicture } from './components/tour-gallery'
export {
  AUDIENCE_POINTS,
  LANDED_COST_PARTS,
  MARKETING_AUDIENCES,
  MARKETING_CAPABILITIES,
  MARKETING_FAQ,
  MARKETING_TRUST,
  PORTAL_FAQ,
  PORTAL_STEPS,
  PORTAL_WHY,
  SOURCING_FAQ,
  SOURCING_STEPS,
  SUPPLIER_TYPE_ICONS,
} from './landing-content'
export { type HowToStep, type QuestionAndAnswer } from './landing-json-ld'
export { MARKETING_HERO, MARKETING_TOUR, PORTAL_HERO, PORTAL_TOUR, TOUR_SHOTS, type TourImage, type TourShot } from './tour-shots'
