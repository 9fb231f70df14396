import { z } from '../../platform/zod'

/** The guide page's one form: hide the guide from the sidebar, or show it there again. */
export const GuideIntentInput = z.object({ intent: z.enum(['dismiss', 'show'], 'validation.intent') })
export type GuideIntentInput = z.infer<typeof GuideIntentInput>
