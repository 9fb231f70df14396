import type { OpenAPIHono } from '@hono/zod-openapi'
import type { BlankSchema } from 'hono/types'
import type { ApiEnv } from '../middleware/request-context'

type Api = OpenAPIHono<ApiEnv, BlankSchema, '/api'>

// Skeleton: the routes are added by the helper that owns this file.
export function registerImportRoutes(api: Api) {
  void api
}
