import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as z from 'zod'
import { toAppError } from '../../app/modules/identity/index.server'
import { appErrorResponse } from '../../app/platform/api/errors.server'
import { AppError, isAppError } from '../../app/platform/errors'
import { databaseUnavailable, isDatabaseUnavailable } from '../../app/platform/db/database-errors.server'
import { logger } from '../../app/platform/logger.server'
import { requestScope } from '../../app/platform/request-scope.server'
import { fieldErrorsOf } from '../../app/platform/validation'

/** Maps any thrown value to the product's AppError; an unreachable database is 503, unknown errors `internal` after being logged. */
export function normalizeError(error: unknown): AppError {
  const mapped = toAppError(error)
  if (isAppError(mapped)) return mapped
  if (isDatabaseUnavailable(mapped)) {
    logger().warn({ err: mapped, requestId: requestScope()?.requestId }, 'database unavailable')
    return databaseUnavailable('unreachable')
  }
  if (mapped instanceof z.ZodError) return new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(mapped) })
  if (mapped instanceof HTTPException) {
    if (mapped.status === 413) return new AppError('payload_too_large', 'Payload too large')
    if (mapped.status === 400) return new AppError('bad_request', mapped.message || 'Bad request')
  }
  if (mapped instanceof SyntaxError) return new AppError('bad_request', 'Malformed JSON body')
  logger().error({ err: mapped, requestId: requestScope()?.requestId }, 'unhandled error')
  return new AppError('internal', 'Internal Server Error')
}

export function errorResponse(c: Context, thrown: unknown): Response {
  return appErrorResponse(c, normalizeError(thrown))
}
