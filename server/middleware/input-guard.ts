import type { MiddlewareHandler } from 'hono'
import { AppError } from '../../app/platform/errors'
import { isJsonObject, isStorableText, unstorableEntryNames, unstorableTextPaths } from '../../app/platform/input-text'
import { translator } from '../../app/platform/i18n/translate.server'
import { currentLocale } from '../../app/platform/request-scope.server'
import { errorResponse } from '../api/errors'
import type { AppVariables } from './request-context'

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i

/**
 * The one place input enters (ADR 018): before any route, handler or Better Auth sees a request, its path,
 * query string and body are read once. Text with a NUL byte or a lone surrogate is refused with
 * `validation_failed` naming each field; an API body that is not a JSON object is refused as `invalid_body`; a page's
 * action takes a form, so a page request of another method than GET, HEAD or OPTIONS that is not a form (of any other
 * content type, or none) is refused as `unsupported_media_type` (415) before its action fails to read it.
 * API requests get the error as JSON; pages get it through React Router's error page (`rejectedInput`).
 */
export function inputGuard(isPage: (path: string) => boolean): MiddlewareHandler<{ Variables: AppVariables }> {
  return async (c, next) => {
    const page = isPage(c.req.path)
    const problem = await requestProblem(c.req.raw, !page)
    if (!problem) return next()
    if (!page) return errorResponse(c, problem)
    // What a page could not use is a 400 on its error page; a submission that is not a form keeps its 415.
    c.set('rejectedInput', { status: problem.code === 'unsupported_media_type' ? problem.status : 400, message: problemMessage(problem) })
    return next()
  }
}

async function requestProblem(request: Request, api: boolean): Promise<AppError | null> {
  const url = new URL(request.url)
  const segments = decodedSegments(url.pathname)
  // A path no route could decode (`%ZZ`, `%E4%B8`) is not understood; React Router's matchers disagree on it (ADR 062).
  if (!segments) return new AppError('bad_request', 'The path has a malformed percent-encoding')
  // A path parameter is a decoded segment: `%00` in any segment would reach a handler as NUL.
  const fields = [...(segments.every(isStorableText) ? [] : ['path']), ...unstorableEntryNames(url.searchParams)]
  if (fields.length > 0) return unstorable(fields)
  if (BODYLESS_METHODS.has(request.method)) return null
  if (!api && !FORM_TYPES.test(request.headers.get('content-type') ?? '')) return new AppError('unsupported_media_type', 'A page takes a form')
  return request.body ? bodyProblem(request, api) : null
}

/** The path's segments decoded once, or null when one is not valid percent-encoding. */
function decodedSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').map((segment) => decodeURIComponent(segment))
  } catch {
    return null
  }
}

async function bodyProblem(request: Request, api: boolean): Promise<AppError | null> {
  const type = request.headers.get('content-type') ?? ''
  // A clone, so the handler (or Better Auth, or React Router) still reads the body itself; read errors such as the body limit propagate.
  const bytes = await request.clone().arrayBuffer()
  if (bytes.byteLength === 0) return null
  if (FORM_TYPES.test(type)) {
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null)
    return form ? unstorable(unstorableEntryNames(form)) : null
  }
  // Pages take only forms (requestProblem refuses anything else); an API body is JSON, whatever its content type says.
  if (!api) return null
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return new AppError('bad_request', 'Malformed JSON body')
  }
  if (api && !isJsonObject(body)) return new AppError('invalid_body', 'The request body must be a JSON object')
  return unstorable(unstorableTextPaths(body))
}

function unstorable(fields: string[]): AppError | null {
  if (fields.length === 0) return null
  const message = translator(currentLocale())('errors.unstorableText')
  return new AppError('validation_failed', 'Validation failed', { fields: Object.fromEntries(fields.map((field) => [field, [message]])) })
}

function problemMessage(problem: AppError): string {
  const t = translator(currentLocale())
  return problem.code === 'validation_failed' ? t('errors.unstorableText') : t(`errors.${problem.code}`)
}
