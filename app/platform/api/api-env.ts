import type { OpenAPIHono } from '@hono/zod-openapi'
import type { BlankSchema } from 'hono/types'
import type { RejectedInput } from '../request-info'

export type AppVariables = {
  requestId: string
  clientIp: string
  secureHeadersNonce?: string
  /** Set by the input guard on a page request it refuses; the page handler renders the error. */
  rejectedInput?: RejectedInput
}
export type ApiEnv = { Variables: AppVariables }

/** The `/api` router every module's `register…Routes(api)` adds its operations to. */
export type ApiRouter = OpenAPIHono<ApiEnv, BlankSchema, '/api'>
type OpenApiSchema = Parameters<ApiRouter['openAPIRegistry']['registerComponent']>[2]

/** Registers the request body components (`bodyRef(name)`) of a router. */
export function registerBodies(api: ApiRouter, bodies: Record<string, Record<string, unknown>>): void {
  for (const [name, schema] of Object.entries(bodies)) api.openAPIRegistry.registerComponent('schemas', name, schema as OpenApiSchema)
}
