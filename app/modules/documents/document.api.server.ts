import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ServiceContext } from '../../platform/actor'
import { type ApiEnv, type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { sendDownload } from '../../platform/api/file-responses.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  access,
  bodyRef,
  camelCaseBody,
  camelCaseKeys,
  decimalString,
  errorResponses,
  ErrorSchema,
  IdParam,
  jsonResponse,
  memberAccess,
  pageSchema,
  SIGNED_IN,
  snakeCaseBodySchema,
  snakeCaseName,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { env } from '../../platform/env.server'
import { readCookie, serverCookie } from '../../platform/http/cookies'
import { z as zod } from '../../platform/zod'
import { companyServiceContext } from '../companies/index.server'
import { userNames } from '../identity/index.server'
import {
  CompareVersionsQuery,
  CreateShareInput,
  DecideDocumentInput,
  DOCUMENT_LANGUAGES,
  DOCUMENT_SOURCES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  DocumentListQuery,
  DocumentStepInput,
  EditDocumentInput,
  ShareDecisionInput,
  VoidDocumentInput,
} from './index'
import {
  batchProgress,
  batchZip,
  compareVersions,
  createShare,
  decideDocument,
  decideThroughShare,
  type DocumentPdf,
  documentPdf,
  editDocument,
  getDocument,
  issueDocument,
  listDocuments,
  listShares,
  openShare,
  revokeShare,
  sharedPdf,
  shareViews,
  type ShareVisit,
  startDocumentBatch,
  verifyDocument,
  voidDocument,
  SHARE_PROOF_MAX_AGE_SECONDS,
  shareProofCookieName,
} from './index.server'

const tags = ['Documents']
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }
const write = { ...read, 409: errorResponses[409], 422: errorResponses[422] }

/**
 * The cookie that carries the proof of a link's password once typed, so that its PDF and answer open without asking
 * again: one per link, named by a digest of its token, as the share page names it (app/routes/view-share.server.ts).
 */
const proofCookieName = shareProofCookieName
const PROOF_MAX_AGE_SECONDS = SHARE_PROOF_MAX_AGE_SECONDS

const Party = z.object({ company_id: z.string().nullable(), name: z.string(), address: z.array(z.string()), country: z.string() })

const DocumentContentSchema = z
  .object({
    source: z.object({ kind: z.enum(DOCUMENT_SOURCES), id: z.string(), number: z.string() }),
    related_numbers: z.array(z.string()).openapi({ description: 'The orders a shipment carries, or the RFQ a quotation answers' }),
    seller: Party,
    buyer: Party,
    currency: z.string(),
    incoterm: z.string(),
    incoterm_place: z.string(),
    payment_terms: z.string(),
    transport: z
      .object({
        mode: z.string(),
        carrier: z.string(),
        tracking_number: z.string(),
        bill_of_lading: z.string(),
        air_waybill: z.string(),
        container_numbers: z.array(z.string()),
        etd: z.string().nullable(),
        eta: z.string().nullable(),
        package_count: z.number().int().nullable(),
        gross_weight_kg: z.string().nullable(),
        net_weight_kg: z.string().nullable(),
        volume_m3: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'What the shipment says (documents made from a shipment only)' }),
    lines: z.array(
      z.object({
        position: z.number().int(),
        sku: z.string(),
        description: z.string(),
        unit: z.string(),
        quantity: z.number().int(),
        unit_price: decimalString('Unit price; empty on a packing list', '12.5000'),
        amount: decimalString('Line amount', '1500.00'),
        hs_code: z.string(),
        origin_country: z.string(),
      }),
    ),
    totals: z.object({
      quantity: z.number().int(),
      subtotal: decimalString('Sum of the lines', '1500.00'),
      freight: decimalString('Freight', '0.00'),
      insurance: decimalString('Insurance', '0.00'),
      total: decimalString('Total', '1500.00'),
    }),
    fields: z.object({
      marks_and_numbers: z.string(),
      bank_details: z.string(),
      remarks: z.string(),
      signatory: z.string(),
      port_of_loading: z.string(),
      port_of_discharge: z.string(),
      vessel_or_flight: z.string(),
    }),
  })
  .openapi('DocumentContent')

const DocumentSummarySchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'PI-2026-00017' }),
    type: z.enum(DOCUMENT_TYPES),
    status: z.enum(DOCUMENT_STATUSES),
    side: z.enum(['writer', 'counterparty']).openapi({ description: 'The caller’s side: the company that wrote it, or the one it was issued to' }),
    language: z.enum(DOCUMENT_LANGUAGES),
    source: z.object({ kind: z.enum(DOCUMENT_SOURCES), id: z.string(), number: z.string() }),
    counterpart: z.object({ id: z.string().nullable(), name: z.string() }).openapi({ description: 'The other company' }),
    current_version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('DocumentSummary')

const DocumentDetailSchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'PI-2026-00017' }),
    type: z.enum(DOCUMENT_TYPES),
    status: z.enum(DOCUMENT_STATUSES),
    side: z.enum(['writer', 'counterparty']),
    source: z.object({ kind: z.enum(DOCUMENT_SOURCES), id: z.string(), number: z.string() }),
    counterparty: z.object({ id: z.string().nullable(), name: z.string() }),
    language: z.enum(DOCUMENT_LANGUAGES),
    current_version: z.number().int().openapi({ description: 'The version shown: the counterparty’s is the latest issued one' }),
    content: DocumentContentSchema,
    versions: z.array(
      z.object({
        number: z.number().int(),
        issued_at: z.string().nullable(),
        pdf_sha256: z.string().nullable().openapi({ description: 'The SHA-256 of the PDF as issued (hex); null while a draft' }),
        created_at: z.string(),
      }),
    ),
    events: z.array(
      z.object({ type: z.string(), version_number: z.number().int().nullable(), actor_name: z.string(), note: z.string(), created_at: z.string() }),
    ),
    decision: z.object({ at: z.string(), by_name: z.string(), reason: z.string() }).nullable(),
    void_reason: z.string(),
    can_answer: z.boolean().openapi({ description: 'Whether the caller may answer now: the counterparty, of an issued document with no new version in draft' }),
    verify_code: z.string().nullable().openapi({ description: 'The code of the verification page the PDF’s QR opens (the writer only)' }),
    decision_sha256: z.string().nullable().openapi({ description: 'The SHA-256 of the PDF the counterparty answered' }),
    version: z.number().int().openapi({ description: 'The optimistic lock: send it back with the next change' }),
    created_at: z.string(),
  })
  .openapi('DocumentDetail')

const ComparisonSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    changes: z.array(
      z.object({
        path: z.string().openapi({ example: 'fields.port_of_discharge', description: 'Where, under the content’s JSON names; lines by position' }),
        before: z.string(),
        after: z.string(),
      }),
    ),
  })
  .openapi('DocumentComparison')

const ShareSummarySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    has_password: z.boolean(),
    can_decide: z.boolean(),
    status: z.enum(['active', 'expired', 'revoked']),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    views: z.number().int(),
    last_viewed_at: z.string().nullable(),
  })
  .openapi('DocumentShare')

const CreatedShareSchema = z
  .object({
    id: z.string(),
    token: z.string().openapi({ description: 'Shown here only: the link cannot be read back later' }),
    url: z.string().openapi({ example: 'https://tradeport.example/en/view?token=…' }),
    expires_at: z.string(),
  })
  .openapi('CreatedDocumentShare')

const ShareViewSchema = z.object({
  viewed_at: z.string(),
  version_number: z.number().int(),
  visitor: z.string().openapi({ description: 'A digest of the visitor’s address and browser, never the address itself' }),
})

const BatchProgressSchema = z
  .object({
    id: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    total: z.number().int(),
    done: z.number().int(),
    size_bytes: z.number().int().nullable(),
    source_number: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('DocumentBatch')

const SharedDocumentSchema = z
  .object({
    can_decide: z.boolean().openapi({ description: 'Whether the visitor may accept or reject (the link allows it and the document awaits an answer)' }),
    document: z.object({
      number: z.string(),
      type: z.enum(DOCUMENT_TYPES),
      status: z.enum(DOCUMENT_STATUSES),
      language: z.enum(DOCUMENT_LANGUAGES),
      writer_name: z.string(),
      counterparty_name: z.string(),
      source_number: z.string(),
      version_number: z.number().int(),
      issued_at: z.string(),
      pdf_sha256: z.string(),
      decision: z.object({ at: z.string(), by_name: z.string(), reason: z.string(), sha256: z.string().nullable() }).nullable(),
      void_reason: z.string(),
    }),
  })
  .openapi('SharedDocument')

const VerificationSchema = z
  .object({
    number: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    status: z.enum(DOCUMENT_STATUSES),
    writer_name: z.string(),
    counterparty_name: z.string(),
    versions: z.array(z.object({ number: z.number().int(), issued_at: z.string(), sha256: z.string() })),
    decision: z.object({ at: z.string(), by_name: z.string(), sha256: z.string().nullable() }).nullable(),
  })
  .openapi('DocumentVerification')

/** What a batch is made of: the record whose documents go into the zip. */
const StartBatchInput = zod.object({
  sourceKind: zod.enum(DOCUMENT_SOURCES, 'validation.source'),
  sourceId: zod.string('validation.source').trim().min(1, 'validation.source').max(64, 'validation.source'),
})

/** Which version's PDF (the latest the caller may see without it). */
const PdfQuery = zod.object({
  version: zod.preprocess(
    (value) => (value === '' ? undefined : value),
    zod.coerce.number('validation.version').int('validation.version').min(1, 'validation.version').optional(),
  ),
})

/** The version the visitor saw: an answer applies to it, or is refused (409) when a newer one was issued meanwhile. */
const ShareAnswerInput = ShareDecisionInput.safeExtend({
  versionNumber: zod.coerce.number('validation.version').int('validation.version').min(1, 'validation.version'),
})

const BODIES = {
  EditDocument: snakeCaseBodySchema(EditDocumentInput, {
    version: 3,
    language: 'en+zh-Hans',
    fields: { bank_details: 'HSBC Hong Kong 123-456789-001', remarks: 'Partial shipment allowed', port_of_discharge: 'Rotterdam' },
    lines: [{ position: 1, hs_code: '9405.21', origin_country: 'CN' }],
  }),
  DocumentStep: snakeCaseBodySchema(DocumentStepInput, { version: 3 }),
  VoidDocument: snakeCaseBodySchema(VoidDocumentInput, { version: 5, reason: 'Replaced by PI-2026-00018' }),
  DecideDocument: snakeCaseBodySchema(DecideDocumentInput, { version: 4, decision: 'accept', reason: '' }),
  CreateDocumentShare: snakeCaseBodySchema(CreateShareInput, { days: 30, password: '', label: 'Bank of Ningbo, L/C desk', can_decide: false }),
  StartDocumentBatch: snakeCaseBodySchema(StartBatchInput, { source_kind: 'shipment', source_id: 'b3c1…' }),
  ShareDecision: snakeCaseBodySchema(ShareAnswerInput, { name: 'Bea Lin', decision: 'accept', reason: '', version_number: 1 }),
}

const ShareParams = z.object({ id: z.string().min(1).max(64), shareId: z.string().min(1).max(64) })
const BatchParam = z.object({ batchId: z.string().min(1).max(64) })
const TokenParam = z.object({ token: z.string().openapi({ description: 'The token of the share link' }) })
const ShareHeaders = z.object({
  'x-share-password': z.string().max(200).optional().openapi({ description: 'The link’s password, when it has one and no proof cookie was sent' }),
})
const fileHeaders = {
  'X-Document-SHA256': { description: 'The SHA-256 of these bytes (hex)', schema: { type: 'string' as const } },
  'X-Document-Matches': {
    description: 'An issued version only: whether the bytes still hash to what was recorded when it was issued',
    schema: { type: 'string' as const, enum: ['true', 'false'] },
  },
}
const pdfResponse = {
  description: 'The PDF, inline, with its file name',
  headers: fileHeaders,
  content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
}

const shareRefusals = {
  403: error('The link has a password: share_password_required without one, share_password_wrong for a wrong one'),
  404: error('No such link (unknown, malformed or revoked)'),
  410: error('The link has expired (share_expired)'),
  429: error('Too many password attempts from this address (Retry-After)'),
}

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/documents',
    tags,
    summary: 'The documents the company wrote and those issued to it, newest first',
    description:
      'Filters: direction (sent or received), type, status, counterpart (a company id), source_kind and source_id (a record), from/to (creation days, UTC), q (document number, record number or counterparty name). A received document shows its latest issued version; a newer draft stays the writer’s.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        direction: z.string().optional().openapi({ example: 'sent' }),
        type: z.string().optional(),
        status: z.string().optional(),
        counterpart: z.string().optional(),
        source_kind: z.string().optional(),
        source_id: z.string().optional(),
        from: z.string().optional().openapi({ example: '2026-01-01' }),
        to: z.string().optional(),
        q: z.string().optional(),
        limit: z.string().optional().openapi({ example: '25' }),
        offset: z.string().optional().openapi({ example: '0' }),
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(DocumentSummarySchema), 'A page of documents'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  startBatch: createRoute({
    method: 'post',
    path: '/v1/documents/batches',
    tags,
    summary: 'Start a zip of every document of a record the company may see (its latest version; a received one’s latest issued version)',
    description:
      'Void documents are left out. Answers the batch queued; follow it with GET /api/v1/documents/batches/{batchId} and download its zip when done. A record without documents is 422 source_id.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { body: bodyRef('StartDocumentBatch') },
    responses: { 202: jsonResponse(BatchProgressSchema, 'The batch, queued'), ...write },
  }),
  batch: createRoute({
    method: 'get',
    path: '/v1/documents/batches/{batchId}',
    tags,
    summary: 'A batch’s progress: how many of its documents are rendered',
    security: SIGNED_IN,
    ...memberAccess('batchId'),
    request: { params: BatchParam },
    responses: { 200: jsonResponse(BatchProgressSchema, 'The batch'), ...read },
  }),
  batchZip: createRoute({
    method: 'get',
    path: '/v1/documents/batches/{batchId}/zip',
    tags,
    summary: 'A finished batch’s zip (409 while it is still running)',
    security: SIGNED_IN,
    ...memberAccess('batchId'),
    request: { params: BatchParam },
    responses: {
      200: { description: 'The zip, as an attachment', content: { 'application/zip': { schema: { type: 'string' as const, format: 'binary' } } } },
      304: { description: 'Unchanged since the ETag in If-None-Match' },
      ...read,
      409: errorResponses[409],
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/documents/{id}',
    tags,
    summary: 'A document with its content, versions and history, as its writer or (once issued) its counterparty sees it',
    description: 'The counterparty sees the latest issued version only, and never a draft it has not been shown.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(DocumentDetailSchema, 'The document'), ...read },
  }),
  edit: createRoute({
    method: 'patch',
    path: '/v1/documents/{id}',
    tags,
    summary: 'Edit the document’s own fields (the writer): a draft in place, an issued or answered one by a new draft version',
    description:
      'fields: marks_and_numbers, bank_details, remarks (each at most 2000 characters), signatory, port_of_loading, port_of_discharge, vessel_or_flight; lines: per position an hs_code (6–10 digits, dots allowed) and an origin_country (two letters). The record’s facts stay as snapshotted. A void document is 409; a stale version 409 stale_version.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('EditDocument') },
    responses: { 200: jsonResponse(DocumentDetailSchema, 'The document after the edit'), ...write },
  }),
  issue: createRoute({
    method: 'post',
    path: '/v1/documents/{id}/issue',
    tags,
    summary: 'Issue the current draft version (the writer): its PDF is rendered and kept with its SHA-256, and the counterparty is told',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('DocumentStep') },
    responses: { 200: jsonResponse(DocumentDetailSchema, 'The issued document'), ...write },
  }),
  void: createRoute({
    method: 'post',
    path: '/v1/documents/{id}/void',
    tags,
    summary: 'Void an issued or answered document with a reason (the writer); its versions and history stay',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('VoidDocument') },
    responses: { 200: jsonResponse(DocumentDetailSchema, 'The void document'), ...write },
  }),
  decide: createRoute({
    method: 'post',
    path: '/v1/documents/{id}/decision',
    tags,
    summary: 'Accept, or reject with a reason, the issued version (the counterparty), once',
    description: 'The answer records the caller’s name, the time and the SHA-256 of the PDF answered; the writer is told.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('DecideDocument') },
    responses: { 200: jsonResponse(DocumentDetailSchema, 'The answered document'), ...write },
  }),
  compare: createRoute({
    method: 'get',
    path: '/v1/documents/{id}/versions/compare',
    tags,
    summary: 'Two versions of the document compared field by field',
    description: 'A version the caller may not see (the counterparty: a draft) or that does not exist is 422 on from or to.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, query: z.object({ from: z.string().openapi({ example: '1' }), to: z.string().openapi({ example: '2' }) }) },
    responses: { 200: jsonResponse(ComparisonSchema, 'What changed from one version to the other'), ...read, 422: errorResponses[422] },
  }),
  pdf: createRoute({
    method: 'get',
    path: '/v1/documents/{id}/pdf',
    tags,
    summary: 'A version’s PDF (the latest the caller may see unless version says): an issued one as kept, a draft rendered now',
    description:
      'The counterparty gets issued versions only. X-Document-SHA256 carries the bytes’ hash; for an issued version X-Document-Matches says whether it still matches the hash recorded at issue.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, query: z.object({ version: z.string().optional().openapi({ example: '1' }) }) },
    responses: { 200: pdfResponse, 304: { description: 'Unchanged since the ETag in If-None-Match' }, ...read, 422: errorResponses[422] },
  }),
  shares: createRoute({
    method: 'get',
    path: '/v1/documents/{id}/shares',
    tags,
    summary: 'The document’s share links with their view counts, newest first (the writer)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(z.object({ items: z.array(ShareSummarySchema) }), 'The links'), ...read },
  }),
  share: createRoute({
    method: 'post',
    path: '/v1/documents/{id}/shares',
    tags,
    summary: 'Share an issued document by a link that needs no account (the writer): it expires, may ask for a password, may let the visitor answer',
    description:
      'days: 1–365 (30 unless said); password: empty or at least 6 characters; label: who the link is for; can_decide: whether the visitor may accept or reject. The token is in this answer only (a retry with the same Idempotency-Key answers the same link). A draft never issued, or a void document, is 409.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('CreateDocumentShare') },
    responses: { 201: jsonResponse(CreatedShareSchema, 'The link'), ...write },
  }),
  revokeShare: createRoute({
    method: 'delete',
    path: '/v1/documents/{id}/shares/{shareId}',
    tags,
    summary: 'Revoke a share link (the writer): it answers 404 from now on',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: ShareParams },
    responses: { 204: { description: 'Revoked (or already revoked)' }, ...read },
  }),
  shareViews: createRoute({
    method: 'get',
    path: '/v1/documents/{id}/shares/{shareId}/views',
    tags,
    summary: 'Each opening of a share link, newest first (at most 200)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: ShareParams },
    responses: { 200: jsonResponse(z.object({ items: z.array(ShareViewSchema) }), 'The views'), ...read },
  }),
  openShare: createRoute({
    method: 'get',
    path: '/v1/shared-documents/{token}',
    tags,
    summary: 'A shared document’s issued version, for whoever holds the link (no session; each opening is logged)',
    description:
      'A link with a password needs it in X-Share-Password; the right one sets the cookie tp_doc_share_<the first 12 hex digits of the token’s SHA-256> for an hour, which opens the link, its PDF and its answer again without it (as on the share page).',
    security: [],
    ...access({ level: 'public' }),
    request: { params: TokenParam, headers: ShareHeaders },
    responses: { 200: jsonResponse(SharedDocumentSchema, 'The document as shared'), ...shareRefusals },
  }),
  sharedPdf: createRoute({
    method: 'get',
    path: '/v1/shared-documents/{token}/pdf',
    tags,
    summary: 'A shared document’s issued PDF (no session), with X-Document-SHA256 and X-Document-Matches',
    security: [],
    ...access({ level: 'public' }),
    request: { params: TokenParam, headers: ShareHeaders },
    responses: { 200: pdfResponse, 304: { description: 'Unchanged since the ETag in If-None-Match' }, ...shareRefusals },
  }),
  shareDecision: createRoute({
    method: 'post',
    path: '/v1/shared-documents/{token}/decision',
    tags,
    summary: 'Accept, or reject with a reason, a shared document for the counterparty (no session), when the link allows it',
    description:
      'name: who answers (recorded with the time and the SHA-256 of the PDF answered); version_number: the version the visitor saw (409 stale_version when a newer one was issued meanwhile). A link that only shows is 403; an answered document 409.',
    security: [],
    ...access({ level: 'public' }),
    request: { params: TokenParam, headers: ShareHeaders, body: bodyRef('ShareDecision') },
    responses: { 204: { description: 'Answered' }, ...shareRefusals, 409: errorResponses[409], 422: errorResponses[422] },
  }),
  verify: createRoute({
    method: 'get',
    path: '/v1/document-verifications/{code}',
    tags,
    summary: 'What the QR code of a document’s PDF vouches for: who issued it, whether it stands, and each issued version’s SHA-256 (no session)',
    security: [],
    ...access({ level: 'public' }),
    request: { params: z.object({ code: z.string().openapi({ description: 'The code printed as the PDF’s QR' }) }) },
    responses: { 200: jsonResponse(VerificationSchema, 'The document’s standing'), 404: error('Unknown code, or a document never issued') },
  }),
}

type ApiContext = Context<ApiEnv>

/** The document as the caller sees it, on the wire. */
const detailOf = async (ctx: ServiceContext, id: string) => toWire(DocumentDetailSchema, await getDocument(ctx, id))

/** The content's names on the wire (`lines.1.hs_code`): the diff names the camelCase fields of the stored content. */
const wirePath = (path: string) => path.split('.').map(snakeCaseName).join('.')

/** A PDF with its hash (and, once issued, whether the bytes still match it); revalidated each time, as a draft changes. */
async function sendPdf(c: ApiContext, pdf: DocumentPdf): Promise<Response> {
  c.header('X-Document-SHA256', pdf.sha256)
  if (pdf.matches !== null) c.header('X-Document-Matches', String(pdf.matches))
  const response = await sendDownload(c, {
    name: pdf.fileName,
    contentType: 'application/pdf',
    etag: `"${pdf.sha256}"`,
    inline: true,
    read: async () => new Uint8Array(pdf.bytes),
  })
  response.headers.set('Cache-Control', 'private, no-cache')
  return response
}

/** A visit to a share link: the token, the password header or the proof cookie, and who visits. */
function visitOf(c: ApiContext, token: string): ShareVisit {
  return {
    token,
    password: c.req.header('x-share-password') ?? null,
    proof: readCookie(c.req.header('cookie'), proofCookieName(token)) ?? null,
    visitor: { ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? '' },
  }
}

export function registerDocumentRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('documents', DocumentListQuery, camelCaseKeys(c.req.query()), async (input) => input)
    const page = await listDocuments(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map((item) => toWire(DocumentSummarySchema, item)), total: page.total, limit: query.limit, offset: query.offset }, 200)
  })

  // Registered before /documents/{id} so that "batches" is not taken for a document's id.
  api.openapi(routes.startBatch, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const progress = await parseAndRun('documents', StartBatchInput, body, (input) => startDocumentBatch(ctx, input))
    return c.json(toWire(BatchProgressSchema, progress), 202)
  })

  api.openapi(routes.batch, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(BatchProgressSchema, await batchProgress(ctx, c.req.valid('param').batchId)), 200)
  })

  api.openapi(routes.batchZip, async (c) => {
    const ctx = await companyServiceContext(c)
    const { batchId } = c.req.valid('param')
    const zip = await batchZip(ctx, batchId)
    return sendDownload(c, {
      name: zip.fileName,
      contentType: 'application/zip',
      etag: `"${batchId}"`,
      inline: false,
      read: async () => new Uint8Array(zip.bytes),
    })
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(await detailOf(ctx, c.req.valid('param').id), 200)
  })

  api.openapi(routes.edit, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseBody(await readJsonBody(c)) as Record<string, unknown>
    await parseAndRun('documents', EditDocumentInput, { ...body, fields: camelCaseKeys(body.fields) }, (input) => editDocument(ctx, id, input))
    return c.json(await detailOf(ctx, id), 200)
  })

  api.openapi(routes.issue, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    await parseAndRun('documents', DocumentStepInput, camelCaseKeys(await readJsonBody(c)), (input) => issueDocument(ctx, id, input.version))
    return c.json(await detailOf(ctx, id), 200)
  })

  api.openapi(routes.void, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    await parseAndRun('documents', VoidDocumentInput, camelCaseKeys(await readJsonBody(c)), (input) => voidDocument(ctx, id, input))
    return c.json(await detailOf(ctx, id), 200)
  })

  api.openapi(routes.decide, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    await parseAndRun('documents', DecideDocumentInput, body, async (input) => {
      const actorName = (await userNames([ctx.actor.userId])).get(ctx.actor.userId) ?? ''
      await decideDocument(ctx, id, input, actorName)
    })
    return c.json(await detailOf(ctx, id), 200)
  })

  api.openapi(routes.compare, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const comparison = await parseAndRun('documents', CompareVersionsQuery, c.req.query(), (query) => compareVersions(ctx, id, query.from, query.to))
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(ComparisonSchema, { ...comparison, changes: comparison.changes.map((change) => ({ ...change, path: wirePath(change.path) })) }), 200)
  })

  api.openapi(routes.pdf, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const pdf = await parseAndRun('documents', PdfQuery, c.req.query(), (query) => documentPdf(ctx, id, query.version))
    return sendPdf(c, pdf)
  })

  api.openapi(routes.shares, async (c) => {
    const ctx = await companyServiceContext(c)
    const shares = await listShares(ctx, c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: shares.map((share) => toWire(ShareSummarySchema, share)) }, 200)
  })

  api.openapi(routes.share, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    const share = await parseAndRun('documents', CreateShareInput, body, (input) => createShare(ctx, id, input, idempotencyOf(c)))
    const url = `${env().PUBLIC_URL}/en/view?token=${encodeURIComponent(share.token)}`
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(CreatedShareSchema, { ...share, url }), 201)
  })

  api.openapi(routes.revokeShare, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, shareId } = c.req.valid('param')
    await revokeShare(ctx, id, shareId)
    return c.body(null, 204)
  })

  api.openapi(routes.shareViews, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, shareId } = c.req.valid('param')
    const views = await shareViews(ctx, id, shareId)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: views.map((view) => toWire(ShareViewSchema, view)) }, 200)
  })

  api.openapi(routes.openShare, async (c) => {
    const { token } = c.req.valid('param')
    const shared = await openShare(visitOf(c, token))
    if (shared.proof) c.header('Set-Cookie', serverCookie(proofCookieName(token), shared.proof, { maxAge: PROOF_MAX_AGE_SECONDS, secure: env().isHttps }))
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(SharedDocumentSchema, shared), 200)
  })

  api.openapi(routes.sharedPdf, async (c) => sendPdf(c, await sharedPdf(visitOf(c, c.req.valid('param').token))))

  api.openapi(routes.shareDecision, async (c) => {
    const body = camelCaseKeys(await readJsonBody(c))
    await parseAndRun('documents', ShareAnswerInput, body, (input) => decideThroughShare(visitOf(c, c.req.valid('param').token), input))
    return c.body(null, 204)
  })

  api.openapi(routes.verify, async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(VerificationSchema, await verifyDocument(c.req.valid('param').code)), 200)
  })
}
