import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import * as zod from 'zod'
import type { ApiRouter } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { withFieldMessages } from '../../platform/api/errors.server'
import { access, errorResponses, ErrorSchema, jsonResponse, memberAccess, SIGNED_IN } from '../../platform/api/schemas'
import { AppError, isAppError } from '../../platform/errors'
import { uploadFromForm } from '../../platform/files/upload-form.server'
import { translator } from '../../platform/i18n/translate.server'
import { requireCompany } from '../../platform/member-roles'
import { currentLocale } from '../../platform/request-scope.server'
import { MAX_TRACKING_CSV_ROWS } from './index'
import { type CsvRowError, decodeTrackingCsv, importTrackingCsv, receiveTrackingWebhook } from './index.server'
import { AftershipWebhook } from './aftership-tracking.server'
import { GenericWebhook, MAX_WEBHOOK_EVENTS } from './tracking-webhook.server'

const tags = ['Tracking']
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const jsonSchema = (schema: zod.ZodType) => {
  const { $schema: _ignored, ...rest } = zod.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  return rest
}

const GENERIC_EXAMPLE = {
  tracking_number: 'COSU6283019470',
  events: [
    {
      id: 'evt-0193',
      occurred_at: '2026-12-03T14:05:00+08:00',
      status: 'in_transit',
      location: 'Ningbo',
      country: 'CN',
      description: 'Vessel departed',
      eta: '2027-01-09',
    },
  ],
}

const WEBHOOK_DESCRIPTION = [
  'For carriers and tracking services, configured per provider in `TRACKING_WEBHOOK_SECRETS` (`provider:secret` pairs);',
  'any other provider answers 404.',
  '',
  '**Signature.** The HMAC-SHA256 of the raw request body with the provider’s secret, sent either base64-encoded in',
  '`aftership-hmac-sha256` (AfterShip’s scheme) or hex-encoded as `x-tradeport-signature: sha256=<hex>`, and compared',
  'in constant time. Missing or wrong: 401, and nothing is read or stored.',
  '',
  '**Body.** Provider `aftership`: AfterShip’s tracking webhook (`{ event, msg: { tracking_number, tag, checkpoints: [...] } }`),',
  'its tags mapped to shipment statuses. Any other provider: `{ tracking_number, events: [{ id?, occurred_at, status?,',
  `location?, country?, description?, eta? }] }\` with at most ${MAX_WEBHOOK_EVENTS} events.`,
  '',
  'Events go to every shipment with that carrier tracking number; each event is stored once (by `id`, else by its time,',
  'status, place and description), so a redelivered request stores nothing new. A tracking number no shipment has is',
  'accepted (202, `matched: false`). Malformed JSON: 400; another shape: 422. Rate-limited per provider and address (429).',
].join('\n')

const CSV_DESCRIPTION = [
  'multipart/form-data with the field `file`: a UTF-8 CSV (a byte order mark is fine) of at most 1 MB and',
  `${MAX_TRACKING_CSV_ROWS} rows, with the header \`shipment, occurred_at, utc_offset, status, location, country, description, eta, event_id\``,
  '(`shipment`, `occurred_at` and `description` required; order free). `shipment` is the shipment number (SH-…) or the',
  'carrier tracking number of a shipment the caller’s company ships or carries; `occurred_at` is ISO 8601, local time',
  'of the place with `utc_offset` (`+08:00` or minutes) or with its own offset; `eta` is YYYY-MM-DD.',
  '',
  'All rows or none: any error answers 422 with `details.rows` (`row` counts the header as row 1; `field` is the column;',
  '`code` the message key; `message` its translation) and stores nothing. A shipment that is not the caller’s is an',
  '"unknown shipment" row error, whoever’s it is. A row already stored (same event id, or same time, status, place and',
  'description) counts as a duplicate.',
].join('\n')

const WebhookAccepted = z
  .object({
    accepted: z.literal(true),
    matched: z.boolean().openapi({ description: 'Whether a shipment has the tracking number' }),
    stored: z.number().int().optional().openapi({ description: 'New events stored' }),
    duplicates: z.number().int().optional().openapi({ description: 'Events already stored before' }),
  })
  .openapi('TrackingWebhookAccepted')

const CsvImportResult = z
  .object({
    stored: z.number().int().openapi({ description: 'New events stored' }),
    duplicates: z.number().int().openapi({ description: 'Rows whose event was already stored' }),
    shipments: z.number().int().openapi({ description: 'Shipments the file named' }),
  })
  .openapi('TrackingCsvImport')

const TrackingCsvUpload = z
  .object({ file: z.string().openapi({ type: 'string', format: 'binary', description: 'The CSV file (UTF-8, at most 1 MB)' }) })
  .openapi('TrackingCsvUpload', { example: { file: 'tracking.csv' } })

const routes = {
  webhook: createRoute({
    method: 'post',
    path: '/v1/tracking/webhooks/{provider}',
    tags,
    summary: 'Tracking events pushed by a carrier or a tracking service (signed, no session)',
    description: WEBHOOK_DESCRIPTION,
    security: [],
    ...access({ level: 'public' }),
    request: {
      params: z.object({ provider: z.string().min(1).max(40).openapi({ example: 'aftership' }) }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: {
              oneOf: [{ $ref: '#/components/schemas/TrackingWebhookAfterShip' }, { $ref: '#/components/schemas/TrackingWebhookGeneric' }],
              example: GENERIC_EXAMPLE,
            },
          },
        },
      },
    },
    responses: {
      200: jsonResponse(WebhookAccepted, 'Stored (duplicates skipped)'),
      202: jsonResponse(WebhookAccepted, 'Accepted, but no shipment has this tracking number'),
      400: error('The body is not JSON'),
      401: error('Missing or wrong signature'),
      404: error('No such provider'),
      413: error('The body is larger than the request limit'),
      422: error('The body is not in the provider’s shape: details.fields names the problems'),
      429: error('Too many requests from this address for this provider (Retry-After)'),
    },
  }),
  importCsv: createRoute({
    method: 'post',
    path: '/v1/tracking/events/import',
    tags,
    summary: 'Upload tracking events of the company’s shipments as CSV (shipper or carrier; all rows or none)',
    description: CSV_DESCRIPTION,
    security: SIGNED_IN,
    ...memberAccess(),
    request: { body: { required: true, content: { 'multipart/form-data': { schema: { $ref: '#/components/schemas/TrackingCsvUpload' } } } } },
    responses: {
      200: jsonResponse(CsvImportResult, 'Every row is stored (or was already)'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      413: error('The file is larger than 1 MB (file_too_large) or the body over the request limit (payload_too_large)'),
      415: error('Not multipart/form-data'),
      422: error('Nothing stored: details.rows lists each row’s errors, or details.fields.file says what is wrong with the file'),
    },
  }),
}

/** The CSV text of the upload's `file` field. */
async function readCsvUpload(c: Context): Promise<string> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) throw new AppError('unsupported_media_type', 'Send the CSV as multipart/form-data')
  const form = await c.req.formData().catch(() => {
    throw new AppError('bad_request', 'Malformed multipart body')
  })
  const upload = await uploadFromForm(form.get('file'))
  if (!upload) throw new AppError('validation_failed', 'Validation failed', { fields: { file: ['csv.fileRequired'] } })
  return decodeTrackingCsv(upload.bytes)
}

/** Row errors with their message in the caller's language beside the key. */
async function withRowMessages<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (thrown) {
    const rows = isAppError(thrown) ? (thrown.details?.rows as CsvRowError[] | undefined) : undefined
    if (!isAppError(thrown) || !rows) throw thrown
    const t = translator(currentLocale(), 'logistics')
    throw new AppError(thrown.code, thrown.message, {
      ...thrown.details,
      rows: rows.map((row) => ({ row: row.row, field: row.field, code: row.message, message: t(row.message) })),
    })
  }
}

export function registerTrackingRoutes(api: ApiRouter) {
  api.openAPIRegistry.register('TrackingCsvUpload', TrackingCsvUpload)
  api.openAPIRegistry.registerComponent('schemas', 'TrackingWebhookAfterShip', jsonSchema(AftershipWebhook))
  api.openAPIRegistry.registerComponent('schemas', 'TrackingWebhookGeneric', { ...jsonSchema(GenericWebhook), example: GENERIC_EXAMPLE })

  api.openapi(routes.webhook, async (c) => {
    const outcome = await receiveTrackingWebhook(
      c.req.valid('param').provider.toLowerCase(),
      new Uint8Array(await c.req.arrayBuffer()),
      { aftership: c.req.header('aftership-hmac-sha256'), tradeport: c.req.header('x-tradeport-signature') },
      c.get('clientIp'),
    )
    c.header('Cache-Control', 'no-store')
    if (!outcome.matched) return c.json({ accepted: true as const, matched: false }, 202)
    return c.json({ accepted: true as const, matched: true, stored: outcome.stored, duplicates: outcome.duplicates }, 200)
  })

  api.openapi(routes.importCsv, async (c) => {
    const ctx = await serviceContext(c)
    // A caller without a company is refused before the file is read.
    requireCompany(ctx.actor)
    const result = await withRowMessages(() => withFieldMessages('logistics', async () => importTrackingCsv(ctx, await readCsvUpload(c))))
    return c.json(result, 200)
  })
}
