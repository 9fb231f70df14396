import type { OpenAPIHono } from '@hono/zod-openapi'
import type { BlankSchema } from 'hono/types'
import type { ApiEnv } from '../middleware/request-context'

// Skeleton: replaced by the endpoints' implementation.
export function registerProductRoutes(_api: OpenAPIHono<ApiEnv, BlankSchema, '/api'>) {}
