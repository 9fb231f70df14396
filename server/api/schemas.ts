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

/**
 * Who may call an operation, as an `x-access` extension of the OpenAPI document. The authorization
 * matrix test (server/api/authorization-matrix.db.test.ts) reads it for every operation:
 * - `public`: anyone; `user`: any signed-in user; `company`: a member of the active company with at
 *   least `minRole`; `platform_admin`: platform admins only.
 * - `resource`: the path parameter naming a record owned by a company; a member of another company
 *   gets 404 for it.
 */
export type Access = {
  level: 'public' | 'user' | 'company' | 'platform_admin'
  minRole?: 'member' | 'admin' | 'owner'
  resource?: string
}

export function access(rule: Access): { 'x-access': Access } {
  return { 'x-access': rule }
}

/** The usual error responses of a signed-in endpoint, for `responses`. */
export const errorResponses = {
  400: { description: 'Malformed request', content: { 'application/json': { schema: ErrorSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'No company yet (company_required) or a role too low (insufficient_role), translated', content: { 'application/json': { schema: ErrorSchema } } },
  404: { description: 'Not found, or owned by another company', content: { 'application/json': { schema: ErrorSchema } } },
  409: { description: 'Conflicts with the current state', content: { 'application/json': { schema: ErrorSchema } } },
  422: { description: 'Invalid input: details.fields maps each field to its messages', content: { 'application/json': { schema: ErrorSchema } } },
} as const
