import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { auth, isOpenAuthEndpoint } from '../../app/modules/identity/index.server'
import { databaseHandle } from '../../app/platform/db/index.server'
import { pingDatabase } from '../../app/platform/db/database.server'
import { AppError } from '../../app/platform/errors'
import { getDevMessage, listDevMessages } from '../../app/platform/mail/dev-mailbox.server'
import type { BlankSchema } from 'hono/types'
import type { ApiEnv } from '../../app/platform/api/api-env'
import { registerAuthRoutes, registerPreferenceRoutes } from '../../app/modules/identity/api.server'
import {
  registerAddressRoutes,
  registerCompanyRoutes,
  registerTeamRoutes,
  registerUserAdminRoutes,
  registerVerificationRoutes,
} from '../../app/modules/companies/api.server'
import { registerFileRoutes, registerNotificationRoutes } from '../../app/modules/kernel/api.server'
import {
  registerCategoryRoutes,
  registerDirectoryRoutes,
  registerImportRoutes,
  registerPriceListRoutes,
  registerProductRoutes,
  registerSearchRoutes,
} from '../../app/modules/catalog/api.server'
import { registerOrderRoutes, registerServiceOfferingRoutes, registerServiceOrderRoutes } from '../../app/modules/orders/api.server'
import {
  registerComparisonRoutes,
  registerProjectRoutes,
  registerQuotationRoutes,
  registerRfqRoutes,
  registerShortlistRoutes,
} from '../../app/modules/sourcing/api.server'
import { registerConversationRoutes } from '../../app/modules/messaging/api.server'
import { registerStockRoutes, registerWarehouseRoutes } from '../../app/modules/inventory/api.server'
import { registerAwardRoutes } from '../../app/workflows/award-quotations.api.server'
import { registerShipmentRoutes, registerTrackingRoutes } from '../../app/modules/logistics/api.server'
import { registerReceiveShipmentRoutes } from '../../app/workflows/receive-shipment.api.server'
import { registerDocumentRoutes } from '../../app/modules/documents/api.server'
import { registerFinanceAdminRoutes, registerFinanceRoutes, registerFinanceSetupRoutes } from '../../app/modules/finance/api.server'
import { registerCreateDocumentRoutes } from '../../app/workflows/create-document.api.server'
import { registerFinancePaperRoutes } from '../../app/workflows/finance-papers.api.server'
import { registerPlanInvoiceRoutes } from '../../app/workflows/plan-invoices.api.server'
import { registerFunctionRoutes } from '../../app/workflows/functions/functions.api.server'
import { registerEpingRoutes, registerHsCodeRoutes } from '../../app/modules/compliance/api.server'
import { registerAssistantRoutes } from '../../app/modules/assistant/api.server'
import { registerBillingRoutes } from '../../app/modules/billing/api.server'
import { registerDeveloperRoutes } from '../../app/modules/developers/api.server'
import { scopeRequirement } from '../../app/modules/developers/index.server'
import { apiKeyAccess } from './api-key-access'
import { provideApiCaller, serviceContext } from '../../app/platform/api/caller.server'
import { registerFxRoutes } from './fx-routes'
import { registerPaletteRoutes } from './palette-routes'
import { apiCaller } from './caller'
import { errorResponse } from './errors'
import { fieldErrorsOf } from '../../app/platform/validation'

/** The document's introduction, with the realtime protocol that lives beside the REST API (ADR 016). */
const REALTIME_DESCRIPTION = [
  "B2B trade and sourcing. Errors are {code, message, details?} with messages in the caller's locale.",
  '',
  '**Realtime.** Socket.IO 4 at path `/socket.io` on the same origin, authenticated with a bearer access token',
  '(`auth: { token, locale? }`; reconnect with the refreshed token). On connect a socket joins `user:{id}` and',
  '`company:{id}` for each membership. Client events, each acknowledged with `{ ok: true, … }` or',
  '`{ ok: false, error: { code, message, retryAfterSeconds?, fields? } }`: `room:join { room: "conversation:{id}", after? }`',
  '(answers presence and the messages after `after`), `room:leave`, `presence:status { status }`, `typing { room, typing }`,',
  '`broadcast { room, event, payload }`, `message:send { conversationId, body, mentions?, attachmentFileIds?, clientId? }`,',
  '`health:ping`. Server events: `message:new`, `message:updated`, `inbox:changed`, `notification:new`, `entity:changed`',
  '(ids only: re-read the record through this API), `presence`, `typing`, `broadcast`.',
].join('\n')
import { access, ErrorSchema, PageQuery, SIGNED_IN } from '../../app/platform/api/schemas'

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Platform'],
  summary: 'Liveness and database reachability',
  ...access({ level: 'public' }),
  responses: {
    200: {
      description: 'Healthy',
      content: {
        'application/json': {
          schema: z.object({ status: z.literal('ok'), database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.literal(true) }) }),
        },
      },
    },
    503: {
      description: 'The database cannot be reached',
      content: {
        'application/json': {
          schema: z.object({ status: z.literal('degraded'), database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.literal(false) }) }),
        },
      },
    },
  },
})

const DevMessageSchema = z
  .object({
    id: z.string(),
    channel: z.enum(['mail', 'sms']),
    recipient: z.string(),
    subject: z.string().nullable(),
    text_body: z.string(),
    html_body: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('DevMessage')

const listDevMessagesRoute = createRoute({
  method: 'get',
  path: '/v1/dev/messages',
  tags: ['Developer'],
  summary: 'Mails and SMS kept by the dev mailbox (platform admins)',
  security: SIGNED_IN,
  ...access({ level: 'platform_admin' }),
  request: { query: PageQuery.extend({ channel: z.enum(['mail', 'sms']).default('mail') }) },
  responses: {
    200: {
      description: 'A page of messages, newest first',
      content: {
        'application/json': {
          schema: z.object({ items: z.array(DevMessageSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
        },
      },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
    403: { description: 'Not a platform admin', content: { 'application/json': { schema: ErrorSchema } } },
  },
})

const getDevMessageRoute = createRoute({
  method: 'get',
  path: '/v1/dev/messages/{id}',
  tags: ['Developer'],
  summary: 'One message of the dev mailbox (platform admins)',
  security: SIGNED_IN,
  ...access({ level: 'platform_admin' }),
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: { description: 'The message', content: { 'application/json': { schema: DevMessageSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
    403: { description: 'Not a platform admin', content: { 'application/json': { schema: ErrorSchema } } },
    404: { description: 'No such message', content: { 'application/json': { schema: ErrorSchema } } },
  },
})

function serializeDevMessage(m: Awaited<ReturnType<typeof getDevMessage>>) {
  return {
    id: m.id,
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    text_body: m.textBody,
    html_body: m.htmlBody,
    created_at: m.createdAt.toISOString(),
  }
}

const require = createRequire(import.meta.url)
const swaggerDir = () => path.dirname(require.resolve('swagger-ui-dist/package.json'))
const DOCS_ASSETS: Record<string, string> = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' }

function docsPage(nonce: string | undefined): string {
  const n = nonce ? ` nonce="${nonce}"` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tradeport API reference</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head><body><main id="swagger-ui" aria-label="Tradeport API reference"></main><script src="/api/docs/assets/swagger-ui-bundle.js"${n}></script><script src="/api/docs/init.js"${n}></script></body></html>`
}

const DOCS_INIT = `window.addEventListener('load',function(){window.ui=SwaggerUIBundle({url:'/api/openapi.json',dom_id:'#swagger-ui',deepLinking:true,tryItOutEnabled:false});});`

export function createApiRouter() {
  provideApiCaller(apiCaller)
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return errorResponse(c, new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(result.error) }))
    },
  }).basePath('/api')

  api.onError((error, c) => errorResponse(c, error))
  api.notFound((c) => errorResponse(c, new AppError('not_found', `Not found: ${c.req.path}`)))
  // Before every operation: a request that presents an API key is checked (key, scope, rate) here (ADR 053).
  api.use('*', apiKeyAccess(api))

  api.openapi(healthRoute, async (c) => {
    const handle = databaseHandle()
    const reachable = await pingDatabase(handle)
    c.header('Cache-Control', 'no-store')
    return reachable
      ? c.json({ status: 'ok' as const, database: { kind: handle.kind, reachable: true as const } }, 200)
      : c.json({ status: 'degraded' as const, database: { kind: handle.kind, reachable: false as const } }, 503)
  })

  api.openapi(listDevMessagesRoute, async (c) => {
    const ctx = await serviceContext(c)
    const query = c.req.valid('query')
    const page = await listDevMessages(ctx, query)
    return c.json({ items: page.items.map(serializeDevMessage), total: page.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(getDevMessageRoute, async (c) => {
    const ctx = await serviceContext(c)
    return c.json(serializeDevMessage(await getDevMessage(ctx, c.req.valid('param').id)), 200)
  })

  registerAuthRoutes(api)
  registerPreferenceRoutes(api)
  registerCompanyRoutes(api)
  registerTeamRoutes(api)
  registerAddressRoutes(api)
  registerFileRoutes(api)
  registerVerificationRoutes(api)
  registerUserAdminRoutes(api)
  registerProductRoutes(api)
  registerPriceListRoutes(api)
  registerSearchRoutes(api)
  registerImportRoutes(api)
  registerDirectoryRoutes(api)
  registerCategoryRoutes(api)
  registerOrderRoutes(api)
  registerNotificationRoutes(api)
  registerServiceOrderRoutes(api)
  registerServiceOfferingRoutes(api)
  registerTrackingRoutes(api)
  registerShipmentRoutes(api)
  registerReceiveShipmentRoutes(api)
  registerRfqRoutes(api)
  registerQuotationRoutes(api)
  registerShortlistRoutes(api)
  registerComparisonRoutes(api)
  registerAwardRoutes(api)
  registerFxRoutes(api)
  registerProjectRoutes(api)
  registerConversationRoutes(api)
  registerWarehouseRoutes(api)
  registerStockRoutes(api)
  registerPaletteRoutes(api)
  registerCreateDocumentRoutes(api)
  registerDocumentRoutes(api)
  registerFinanceSetupRoutes(api)
  registerFinanceAdminRoutes(api)
  registerFinanceRoutes(api)
  registerFinancePaperRoutes(api)
  registerPlanInvoiceRoutes(api)
  registerFunctionRoutes(api)
  registerHsCodeRoutes(api)
  registerEpingRoutes(api)
  registerAssistantRoutes(api)
  registerBillingRoutes(api)
  registerDeveloperRoutes(api)

  let document: unknown
  api.get('/openapi.json', async (c) => {
    document ??= await buildOpenApiDocument(api)
    return c.json(document)
  })
  api.get('/docs', (c) => c.html(docsPage(c.get('secureHeadersNonce'))))
  api.get('/docs/init.js', (c) => c.body(DOCS_INIT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' }))
  api.get('/docs/assets/:file', (c) => {
    const file = c.req.param('file')
    const type = DOCS_ASSETS[file]
    if (!type) return errorResponse(c, new AppError('not_found', `Not found: ${c.req.path}`))
    return c.body(readFileSync(path.join(swaggerDir(), file)), 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' })
  })

  return api
}

type OpenApiDoc = { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } }

/** Our routes plus Better Auth's, under one OpenAPI 3.1 document. */
async function buildOpenApiDocument(api: OpenAPIHono<ApiEnv, BlankSchema, '/api'>) {
  const ours = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Tradeport API', version: '0.1.0', description: REALTIME_DESCRIPTION },
    servers: [{ url: '/' }],
  }) as unknown as OpenApiDoc & Record<string, unknown>
  const authDoc = (await auth().api.generateOpenAPISchema()) as OpenApiDoc
  const paths = withApiKeyScopes(ours.paths ?? {})
  for (const [route, item] of Object.entries(authDoc.paths ?? {})) {
    if (!isOpenAuthEndpoint(route.replace(/\{(\w+)\}/g, ':$1'))) continue
    const full = `/api/auth${route}`
    if (!paths[full]) paths[full] = tagged(item, 'Authentication (Better Auth)')
  }
  return { ...ours, paths, components: { ...ours.components, schemas: { ...authDoc.components?.schemas, ...ours.components?.schemas } } }
}

type DocumentedOperation = {
  tags?: string[]
  security?: Array<Record<string, string[]>>
  'x-access'?: { level: 'public' | 'user' | 'company' | 'platform_admin'; minRole?: 'member' | 'admin' | 'owner' }
}

/**
 * Each operation an API key may call lists the `apiKey` scheme with the scope it needs (OpenAPI 3.1 lets any scheme name
 * roles) and repeats it as `x-api-key-scope`; public ones need none, the rest are closed to keys (ADR 053).
 */
function withApiKeyScopes(paths: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(paths).map(([route, item]) => [
      route,
      Object.fromEntries(
        Object.entries(item as Record<string, DocumentedOperation>).map(([method, op]) => {
          const rule = op['x-access']
          if (!rule) return [method, op]
          const requirement = scopeRequirement({ method, path: route, tags: op.tags ?? [], level: rule.level, minRole: rule.minRole })
          if (requirement.kind !== 'scope') return [method, op]
          return [method, { ...op, security: [...(op.security ?? []), { apiKey: [requirement.scope] }], 'x-api-key-scope': requirement.scope }]
        }),
      ),
    ]),
  )
}

function tagged(item: unknown, tag: string): unknown {
  if (!item || typeof item !== 'object') return item
  return Object.fromEntries(Object.entries(item).map(([method, op]) => [method, op && typeof op === 'object' ? { ...op, tags: [tag] } : op]))
}
