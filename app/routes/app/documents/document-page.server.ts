// The loader and action of a document's page (/app/documents/edit/:id): its writer edits, issues, voids and shares it;
// its counterparty reads the issued version and answers it.
import type { RouterContextProvider } from 'react-router'
import { requireActor } from '../../../modules/companies/index.server'
import {
  CompareVersionsQuery,
  CreateShareInput,
  DecideDocumentInput,
  type DocumentChange,
  DocumentStepInput,
  type DocumentSource,
  EditDocumentInput,
  VoidDocumentInput,
} from '../../../modules/documents/index'
import {
  compareVersions,
  createShare,
  decideDocument,
  editDocument,
  getDocument,
  issueDocument,
  listShares,
  revokeShare,
  shareViews,
  voidDocument,
} from '../../../modules/documents/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { env } from '../../../platform/env.server'
import { isAppError } from '../../../platform/errors'
import { failure, failureFromError, formToObject, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { translator } from '../../../platform/i18n/translate.server'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { requireSession } from '../../route-helpers'

type DocumentRouteArgs = { request: Request; params: { id?: string; lang?: string }; context: Readonly<RouterContextProvider> }

/** The record's page, where there is one to open (a quotation is read on its RFQ's pages). */
const RECORD_PAGES: Readonly<Record<DocumentSource, ((id: string) => string) | null>> = {
  purchase_order: (id) => `/app/orders/${encodeURIComponent(id)}/view`,
  shipment: (id) => `/app/shipments/tracking?id=${encodeURIComponent(id)}`,
  quotation: null,
}

type Comparison = { from: string; to: string; changes: DocumentChange[] | null; fieldErrors: Record<string, string[]> }

/** Two versions compared, or the compare form's errors (`?from=&to=`); null before anything was asked. */
async function comparisonOf(ctx: ServiceContext, id: string, search: URLSearchParams): Promise<Comparison | null> {
  if (!search.has('from') && !search.has('to')) return null
  const raw = { from: search.get('from') ?? '', to: search.get('to') ?? '' }
  const parsed = CompareVersionsQuery.safeParse(raw)
  if (!parsed.success) return { ...raw, changes: null, fieldErrors: fieldErrorsOf(parsed.error) }
  try {
    const { changes } = await compareVersions(ctx, id, parsed.data.from, parsed.data.to)
    return { ...raw, changes, fieldErrors: {} }
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed')
      return { ...raw, changes: null, fieldErrors: (error.details?.fields ?? {}) as Record<string, string[]> }
    throw error
  }
}

/** The writer's links, each with the times it was opened (the service keeps the latest 200 per link). */
async function sharesOf(ctx: ServiceContext, id: string) {
  const shares = await listShares(ctx, id)
  return Promise.all(shares.map(async (share) => ({ ...share, openings: share.views > 0 ? await shareViews(ctx, id, share.id) : [] })))
}

export async function loadDocumentPage({ request, params, context }: DocumentRouteArgs) {
  const ctx = requireActor(context, params)
  const id = params.id ?? ''
  const search = new URL(request.url).searchParams
  const document = await withRouteErrors(() => getDocument(ctx, id))
  const writer = document.side === 'writer'
  const [shares, comparison] = await withRouteErrors(() => Promise.all([writer ? sharesOf(ctx, id) : [], comparisonOf(ctx, id, search)]))
  const recordPage = RECORD_PAGES[document.source.kind]
  const { paymentTerms, transport } = document.content
  return {
    ...pageData(ctx.locale, 'documents', 'edit.metaTitle', PAGE_MESSAGES.documentEdit),
    locale: ctx.locale,
    document,
    recordHref: recordPage ? localizePath(ctx.locale, recordPage(document.source.id)) : null,
    pdfHref: localizePath(ctx.locale, `/app/documents/${encodeURIComponent(document.id)}/pdf`),
    listHref: localizePath(ctx.locale, '/app/documents'),
    // The page the PDF's QR code opens, once a version was issued (the writer's to print or send).
    verifyHref:
      document.verifyCode && document.versions.some((version) => version.issuedAt !== null)
        ? `${localizePath(ctx.locale, '/view')}?verify=${encodeURIComponent(document.verifyCode)}`
        : null,
    shares,
    comparison,
    // Codes of other modules' lists, in words (their catalogs stay off this page).
    labels: {
      paymentTerms: paymentTerms ? translator(ctx.locale, 'orders')(`paymentTerms.${paymentTerms}`, { defaultValue: paymentTerms }) : '',
      transportMode: transport?.mode ? translator(ctx.locale, 'logistics')(`modes.${transport.mode}`, { defaultValue: transport.mode }) : '',
    },
  }
}

/** The edit form's flat fields (`fields.<name>`, `lines.<i>.<field>`) as the nested input (the schema drops unknown names). */
function editFromForm(form: FormData): Record<string, unknown> {
  const flat = formToObject(form)
  const fields = Object.fromEntries(
    Object.entries(flat).flatMap(([name, value]) => (name.startsWith('fields.') ? [[name.slice('fields.'.length), value]] : [])),
  )
  const lines: Array<Record<string, unknown>> = []
  for (const [name, value] of Object.entries(flat)) {
    const match = /^lines\.(\d{1,3})\.(position|hsCode|originCountry)$/.exec(name)
    if (match) (lines[Number(match[1])] ??= {})[match[2]!] = value
  }
  return { version: flat.version, language: flat.language || undefined, fields, lines: lines.filter(Boolean) }
}

export const DOCUMENT_INTENTS = ['save', 'issue', 'void', 'decide', 'share', 'revoke'] as const
export type DocumentIntent = (typeof DOCUMENT_INTENTS)[number]
const isIntent = (value: string): value is DocumentIntent => (DOCUMENT_INTENTS as readonly string[]).includes(value)

/** What one intent does once its form is valid; answers what the page reports. */
async function perform(ctx: ServiceContext, args: DocumentRouteArgs, id: string, intent: DocumentIntent, form: FormData) {
  const invalid = (fieldErrors: Record<string, string[]>) => failure({ ok: false, fieldErrors }, 422, { intent })
  if (intent === 'save') {
    const parsed = EditDocumentInput.safeParse(editFromForm(form))
    if (!parsed.success) return invalid(fieldErrorsOf(parsed.error))
    await editDocument(ctx, id, parsed.data)
    return { ok: true as const, intent }
  }
  if (intent === 'issue') {
    const parsed = parseForm(DocumentStepInput, form)
    if (!parsed.ok) return invalid(parsed.fieldErrors)
    await issueDocument(ctx, id, parsed.data.version)
    return { ok: true as const, intent }
  }
  if (intent === 'void') {
    const parsed = parseForm(VoidDocumentInput, form)
    if (!parsed.ok) return invalid(parsed.fieldErrors)
    await voidDocument(ctx, id, parsed.data)
    return { ok: true as const, intent }
  }
  if (intent === 'decide') {
    const parsed = parseForm(DecideDocumentInput, form)
    if (!parsed.ok) return failure(parsed, 422, { intent, decision: String(form.get('decision') ?? '') })
    await decideDocument(ctx, id, parsed.data, requireSession(args.context).user.name)
    return { ok: true as const, intent }
  }
  if (intent === 'share') {
    const parsed = parseForm(CreateShareInput, form, ['canDecide'])
    if (!parsed.ok) return invalid(parsed.fieldErrors)
    const share = await createShare(ctx, id, parsed.data)
    const url = `${env().PUBLIC_URL}${localizePath(ctx.locale, '/view')}?token=${share.token}`
    return { ok: true as const, intent, share: { id: share.id, url, expiresAt: share.expiresAt } }
  }
  await revokeShare(ctx, id, String(form.get('shareId') ?? ''))
  return { ok: true as const, intent }
}

export async function documentPageAction(args: DocumentRouteArgs) {
  const ctx = requireActor(args.context, args.params)
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? '')
  if (!isIntent(intent)) return failure({ ok: false, fieldErrors: {} }, 400)
  try {
    return await perform(ctx, args, args.params.id ?? '', intent, form)
  } catch (error) {
    return failureFromError(error, { intent, decision: String(form.get('decision') ?? '') })
  }
}
