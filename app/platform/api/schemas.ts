import { z } from '@hono/zod-openapi'
import * as zod from 'zod'

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

/** Any member of the company that owns the record (or, without `resource`, of the active company). */
export const memberAccess = (resource?: string) =>
  access(resource ? { level: 'company', minRole: 'member', resource } : { level: 'company', minRole: 'member' })

/** The usual error responses of a signed-in endpoint, for `responses`. */
export const errorResponses = {
  400: { description: 'Malformed request', content: { 'application/json': { schema: ErrorSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  403: {
    description: 'No company yet (company_required) or a role too low (insufficient_role), translated',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  402: {
    description:
      "A limit of the company's plan is reached (plan_limit_reached): details.key, limit, usage, plan_id and upgrade (the plan page); nothing was written",
    content: { 'application/json': { schema: ErrorSchema } },
  },
  404: { description: 'Not found, or owned by another company', content: { 'application/json': { schema: ErrorSchema } } },
  409: { description: 'Conflicts with the current state', content: { 'application/json': { schema: ErrorSchema } } },
  422: { description: 'Invalid input: details.fields maps each field to its messages', content: { 'application/json': { schema: ErrorSchema } } },
} as const

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
const camel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())

/**
 * The OpenAPI component of a request body whose JSON names are the snake_case form of a shared
 * (camelCase) zod input: generated from the input, so the document cannot drift from validation.
 */
export function snakeCaseBodySchema(input: zod.ZodType, example: Record<string, unknown>): Record<string, unknown> {
  const generated = zod.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] }
  const { $schema: _ignored, ...schema } = generated as Record<string, unknown>
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(generated.properties ?? {}).map(([name, property]) => [snake(name), property])),
    ...(generated.required ? { required: generated.required.map(snake) } : {}),
    example,
  }
}

/** The answers of a record's attachment download (sent by `sendDownload`): the bytes, unchanged, or the usual refusals. */
export const attachmentDownloadResponses = {
  200: { description: 'The bytes', content: { 'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } } } },
  304: { description: 'Unchanged since the ETag in If-None-Match' },
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
}

/** The path parameters of a record's attachment: the record and the file. */
export const AttachmentParams = z.object({ id: z.string().min(1).max(64), fileId: z.string().min(1).max(64) })

/** A snake_case JSON body with the camelCase names of the shared inputs (camelCase is accepted as is). */
export function camelCaseKeys(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [camel(key), value]))
}

/** `camelCaseKeys` for a body and for each item of one list in it (an RFQ's or an order's `lines`, a grid's `rows`). */
export function camelCaseBody(body: unknown, list = 'lines'): unknown {
  const top = camelCaseKeys(body)
  if (!top || typeof top !== 'object' || !Array.isArray((top as Record<string, unknown>)[list])) return top
  return { ...top, [list]: ((top as Record<string, unknown>)[list] as unknown[]).map((item) => camelCaseKeys(item)) }
}

export { snake as snakeCaseName }

/** An exact decimal sent as a string (money, quantities, rates: never a float on the wire). */
export const decimalString = (description: string, example: string) =>
  z.string().openapi({ description: `${description} (exact decimal as a string)`, example })

/** A page of a list: its items, how many there are in all, and the window that was asked for. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })

/** A JSON response of `schema`, for `responses`. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })

/**
 * A required JSON body documented by a registered component: the handler validates it after
 * authenticating, so callers get 401/403/404 before 422, with translated field messages.
 */
export const bodyRef = (component: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` } } } })

/** The `{id}` path parameter of a record. */
export const IdParam = z.object({ id: z.string().min(1).max(64) })
