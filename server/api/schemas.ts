import { z } from '@hono/zod-openapi'

export const ErrorSchema = z
  .object({
    code: z.string().openapi({ example: 'session_missing' }),
    message: z.string().openapi({ example: 'Auth session missing!' }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('Error')

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})

/** Endpoints that accept a bearer access token or the browser's session cookie. */
export const SIGNED_IN: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }]
