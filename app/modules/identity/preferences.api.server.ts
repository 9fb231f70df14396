import { createRoute } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import type { TFunction } from '../../platform/i18n/i18n'
import type * as z from 'zod'
import { PreferencesInput } from './index'
import { getPreferences, updatePreferences } from './index.server'
import { AppError } from '../../platform/errors'
import { INTERFACE_LOCALES } from '../../platform/i18n/interface-locales'
import { translator } from '../../platform/i18n/translate.server'
import { serviceContext } from '../../platform/api/caller.server'
import { errorBody, readJsonBody } from '../../platform/api/errors.server'
import { fieldErrorsOf } from '../../platform/validation'
import { access, ErrorSchema, SIGNED_IN } from '../../platform/api/schemas'

// A copy made after @hono/zod-openapi extended zod: the shared schema may predate that, without .openapi().
const PreferencesSchema = PreferencesInput.clone().openapi('Preferences', {
  example: {
    language: 'zh-Hans',
    currency: 'CNY',
    timezone: 'Asia/Shanghai',
    date_format: 'medium',
    time_format: 'short',
    hour_cycle: 'h23',
    interface_locale: 'de',
  },
})

const errors = {
  400: {
    description: 'Malformed JSON (bad_request) or invalid preferences (validation_failed, translated messages per field in details.fields)',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
}

const getPreferencesRoute = createRoute({
  method: 'get',
  path: '/user/profiles',
  ...access({ level: 'user' }),
  tags: ['User'],
  summary: 'The signed-in user’s preferences (defaults until they save some; timezone null until chosen)',
  security: SIGNED_IN,
  responses: { 200: { description: 'The preferences', content: { 'application/json': { schema: PreferencesSchema } } }, 401: errors[401] },
})

const putPreferencesRoute = createRoute({
  method: 'put',
  path: '/user/profiles',
  ...access({ level: 'user' }),
  tags: ['User'],
  summary: 'Replace the signed-in user’s preferences',
  description:
    'Takes all six fields, and optionally interface_locale (one of the spec’s interface languages, or null to follow the language; left out, the saved one stays; an unknown code is refused with the list in details.allowedValues); timezone may be null (the device zone applies; browsers send their zone on the first save). Unknown fields are refused. Nothing is stored unless the whole object is valid.',
  security: SIGNED_IN,
  // A reference rather than the zod schema: the handler validates after authenticating, and answers 400, not 422.
  request: { body: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Preferences' } } } } },
  responses: { 200: { description: 'The stored preferences', content: { 'application/json': { schema: PreferencesSchema } } }, ...errors },
})

/** Field errors with their catalog keys translated. */
function translatedFieldErrors(error: z.ZodError, t: TFunction): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, keys]) => [field, keys.map((key) => t(key))]))
}

export function registerPreferenceRoutes(api: ApiRouter) {
  api.openapi(getPreferencesRoute, async (c) => {
    const preferences = await getPreferences(await serviceContext(c))
    c.header('Cache-Control', 'no-store')
    return c.json(preferences, 200)
  })

  api.openapi(putPreferencesRoute, async (c) => {
    const ctx = await serviceContext(c)
    const parsed = PreferencesInput.safeParse(await readJsonBody(c))
    c.header('Cache-Control', 'no-store')
    if (!parsed.success) {
      const fields = translatedFieldErrors(parsed.error, translator(ctx.locale, 'identity'))
      // An unknown interface language: the answer lists the codes there are.
      const allowed = 'interface_locale' in fields ? { allowedValues: { interface_locale: INTERFACE_LOCALES } } : {}
      return c.json(errorBody(new AppError('validation_failed', 'Validation failed', { fields, ...allowed })), 400)
    }
    return c.json(await updatePreferences(ctx, parsed.data), 200)
  })
}
