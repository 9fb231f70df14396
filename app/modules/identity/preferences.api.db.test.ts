import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { userPreferences } from './preferences.tables.server'
import { setLanguagePreference } from './index.server'
import { DEFAULT_PREFERENCES, type Preferences } from './index'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

const PATH = '/api/user/profiles'
const CHOSEN: Preferences = {
  language: 'zh-Hant',
  currency: 'TWD',
  timezone: 'Asia/Taipei',
  date_format: 'long',
  time_format: 'short',
  hour_cycle: 'h12',
  interface_locale: null,
}
const fieldMessages = CATALOGS.en.identity.preferences.validation

async function signedIn(email: string) {
  const user = await createUser({ email })
  return { user, jar: await signInWithCookies(app, user) }
}

const save = (jar: CookieJar, body: unknown, headers: Record<string, string> = {}) => call(app, PATH, { method: 'PUT', body, jar, headers })

async function storedRow(userId: string) {
  const [row] = await database().select().from(userPreferences).where(eq(userPreferences.userId, userId))
  return row
}

describe('GET /api/user/profiles', () => {
  it('answers the §3 defaults for a user who saved nothing, with timezone null until the browser sends one', async () => {
    const { jar } = await signedIn('prefs-new@example.test')
    const response = await call(app, PATH, { jar })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      language: 'en',
      currency: 'USD',
      timezone: null,
      date_format: 'medium',
      time_format: 'medium',
      hour_cycle: 'h24',
      interface_locale: null,
    })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('refuses callers who are not signed in', async () => {
    const response = await call(app, PATH)
    expect(response.status).toBe(401)
    expect(response.json).toMatchObject({ code: 'session_missing', message: 'Auth session missing!' })
  })

  it('accepts a bearer access token as well as the cookie', async () => {
    const user = await createUser({ email: 'prefs-bearer@example.test' })
    const token = await call(app, '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password } })
    const bearer = String(token.json.access_token)
    expect((await call(app, PATH, { method: 'PUT', body: CHOSEN, bearer })).status).toBe(200)
    expect((await call(app, PATH, { bearer })).json).toEqual(CHOSEN)
  })
})

describe('PUT /api/user/profiles', () => {
  it('stores the preferences and answers them; a later read returns them', async () => {
    const { user, jar } = await signedIn('prefs-save@example.test')
    const response = await save(jar, CHOSEN)
    expect(response.status).toBe(200)
    expect(response.json).toEqual(CHOSEN)
    expect((await call(app, PATH, { jar })).json).toEqual(CHOSEN)
    expect(await storedRow(user.id)).toMatchObject({
      language: 'zh-Hant',
      currency: 'TWD',
      timezone: 'Asia/Taipei',
      dateFormat: 'long',
      timeFormat: 'short',
      hourCycle: 'h12',
    })
  })

  it('accepts a null timezone (the device zone applies) and newer IANA aliases browsers report', async () => {
    const { jar } = await signedIn('prefs-zones@example.test')
    expect((await save(jar, { ...CHOSEN, timezone: null })).json).toMatchObject({ timezone: null })
    expect((await save(jar, { ...CHOSEN, timezone: 'Asia/Kolkata' })).json).toMatchObject({ timezone: 'Asia/Kolkata' })
    expect((await save(jar, { ...CHOSEN, timezone: 'UTC' })).json).toMatchObject({ timezone: 'UTC' })
  })

  const invalid: Array<[keyof Preferences, unknown]> = [
    ['language', 'fr'],
    ['currency', 'usd'],
    ['currency', 'XYZ'],
    ['timezone', 'Mars/Olympus_Mons'],
    ['timezone', '+08:00'],
    ['date_format', 'tiny'],
    ['time_format', 'LONG'],
    ['hour_cycle', 'h25'],
    ['language', 42],
    ['hour_cycle', null],
  ]
  it.each(invalid)('refuses %s = %j with 400, its field message, and stores nothing', async (field, value) => {
    const { user, jar } = await signedIn(`prefs-invalid-${field}-${String(value).replace(/\W/g, '')}@example.test`)
    await save(jar, CHOSEN)
    const response = await save(jar, { ...CHOSEN, language: 'en', [field]: value })
    expect(response.status).toBe(400)
    expect(response.json).toEqual({
      code: 'validation_failed',
      message: 'Some fields need your attention.',
      details: { fields: { [field]: [fieldMessages[field]] } },
    })
    expect((await call(app, PATH, { jar })).json).toEqual(CHOSEN)
    expect(await storedRow(user.id)).toMatchObject({ language: 'zh-Hant' })
  })

  it('stores an interface language, keeps it when a later save leaves it out, and clears it with null', async () => {
    const { user, jar } = await signedIn('prefs-interface@example.test')
    expect((await save(jar, { ...CHOSEN, interface_locale: 'pt_br' })).json).toEqual({ ...CHOSEN, interface_locale: 'pt_br' })
    expect(await storedRow(user.id)).toMatchObject({ interfaceLocale: 'pt_br' })
    const { interface_locale: _left, ...six } = CHOSEN
    expect((await save(jar, { ...six, currency: 'EUR' })).json).toEqual({ ...CHOSEN, currency: 'EUR', interface_locale: 'pt_br' })
    expect((await save(jar, { ...CHOSEN, interface_locale: null })).json).toEqual(CHOSEN)
  })

  it.each(['xx', 'pt-BR', 'zh-Hans', 42])('refuses the interface language %j with 400 and the list of codes, storing nothing', async (value) => {
    const { jar } = await signedIn(`prefs-interface-${String(value).replace(/\W/g, '')}@example.test`)
    await save(jar, { ...CHOSEN, interface_locale: 'de' })
    const response = await save(jar, { ...CHOSEN, interface_locale: value })
    expect(response.status).toBe(400)
    expect(response.json).toMatchObject({ code: 'validation_failed', details: { fields: { interface_locale: [fieldMessages.interface_locale] } } })
    const allowed = (response.json.details as { allowedValues: { interface_locale: string[] } }).allowedValues.interface_locale
    expect(allowed).toHaveLength(51)
    expect(allowed).toEqual(expect.arrayContaining(['ar', 'nb_no', 'pt_br', 'zh_tw']))
    expect((await call(app, PATH, { jar })).json).toMatchObject({ interface_locale: 'de' })
  })

  it('refuses an object with a field missing, reporting every missing field', async () => {
    const { jar } = await signedIn('prefs-missing@example.test')
    const response = await save(jar, { language: 'en', currency: 'USD' })
    expect(response.status).toBe(400)
    expect(Object.keys((response.json.details as { fields: object }).fields).sort()).toEqual(['date_format', 'hour_cycle', 'time_format', 'timezone'])
  })

  it('refuses unknown fields, such as another user’s id, and stores nothing', async () => {
    const { user, jar } = await signedIn('prefs-unknown@example.test')
    const response = await save(jar, { ...CHOSEN, user_id: 'someone-else', theme: 'dark' })
    expect(response.status).toBe(400)
    expect(response.json.details).toEqual({ fields: { user_id: [fieldMessages.unknown_field], theme: [fieldMessages.unknown_field] } })
    expect(await storedRow(user.id)).toBeUndefined()
  })

  it('translates the field messages into the caller’s language', async () => {
    const { jar } = await signedIn('prefs-zh@example.test')
    const response = await save(jar, { ...CHOSEN, currency: 'RMB' }, { 'accept-language': 'zh-CN' })
    expect(response.status).toBe(400)
    expect(response.json).toMatchObject({
      message: CATALOGS['zh-Hans'].common.errors.validation_failed,
      details: { fields: { currency: [CATALOGS['zh-Hans'].identity.preferences.validation.currency] } },
    })
  })

  it('answers malformed JSON and non-object bodies with 400', async () => {
    const { jar } = await signedIn('prefs-malformed@example.test')
    const malformed = await app.request(`${TEST_PUBLIC_URL}${PATH}`, {
      method: 'PUT',
      headers: { cookie: jar.header(), origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
      body: '{"language": "en",',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'bad_request' })
    // The input guard answers a body that is not an object before the handler runs (ADR 018).
    const list = await save(jar, [CHOSEN])
    expect(list.status).toBe(400)
    expect(list.json.code).toBe('invalid_body')
  })

  it('checks who is calling before looking at the body', async () => {
    const response = await call(app, PATH, { method: 'PUT', body: { nonsense: true } })
    expect(response.status).toBe(401)
  })
})

describe('isolation between users', () => {
  it('lets each user read and write only their own preferences', async () => {
    const alice = await signedIn('prefs-alice@example.test')
    const bob = await signedIn('prefs-bob@example.test')
    await save(alice.jar, CHOSEN)
    expect((await call(app, PATH, { jar: bob.jar })).json).toEqual(DEFAULT_PREFERENCES)
    const bobs: Preferences = { ...DEFAULT_PREFERENCES, currency: 'EUR', timezone: 'Europe/Berlin' }
    await save(bob.jar, bobs)
    expect((await call(app, PATH, { jar: alice.jar })).json).toEqual(CHOSEN)
    expect((await call(app, PATH, { jar: bob.jar })).json).toEqual(bobs)
    expect(await storedRow(alice.user.id)).toMatchObject({ currency: 'TWD' })
  })
})

describe('the preferences cache', () => {
  it('serves repeated reads from memory, and a save replaces what it serves', async () => {
    const { user, jar } = await signedIn('prefs-cache@example.test')
    await save(jar, CHOSEN)
    expect((await call(app, PATH, { jar })).json).toEqual(CHOSEN)
    // Written behind the service's back: a cached read does not see it.
    await database().update(userPreferences).set({ currency: 'JPY' }).where(eq(userPreferences.userId, user.id))
    expect((await call(app, PATH, { jar })).json).toMatchObject({ currency: 'TWD' })
    const changed: Preferences = { ...CHOSEN, currency: 'CNY', hour_cycle: 'h23' }
    await save(jar, changed)
    expect((await call(app, PATH, { jar })).json).toEqual(changed)
  })

  it('caches the defaults of a user without a row, and a first save replaces them', async () => {
    const { jar } = await signedIn('prefs-cache-defaults@example.test')
    expect((await call(app, PATH, { jar })).json).toEqual(DEFAULT_PREFERENCES)
    await save(jar, CHOSEN)
    expect((await call(app, PATH, { jar })).json).toEqual(CHOSEN)
  })
})

describe('setLanguagePreference', () => {
  const contextFor = (userId: string): ServiceContext => ({
    actor: { userId, sessionId: 's', companyId: null, memberRole: null, platformRole: 'user', companyKind: null, contactVerified: true, aal: 'aal1' },
    locale: 'en',
    requestId: 'test',
  })

  it('changes only the language, starting from the defaults when nothing was saved', async () => {
    const fresh = await createUser({ email: 'prefs-language-new@example.test' })
    expect(await setLanguagePreference(contextFor(fresh.id), 'zh-Hans')).toEqual({ ...DEFAULT_PREFERENCES, language: 'zh-Hans' })

    const { user, jar } = await signedIn('prefs-language@example.test')
    await save(jar, CHOSEN)
    expect(await setLanguagePreference(contextFor(user.id), 'en')).toEqual({ ...CHOSEN, language: 'en' })
    expect((await call(app, PATH, { jar })).json).toEqual({ ...CHOSEN, language: 'en' })
  })
})

describe('OpenAPI', () => {
  it('documents both operations with their schema, security and error answers', async () => {
    const doc = (await call(app, '/api/openapi.json')).json as {
      paths: Record<string, Record<string, { security: unknown; responses: Record<string, unknown>; requestBody?: unknown }>>
      components: { schemas: Record<string, unknown> }
    }
    const operations = doc.paths['/api/user/profiles']
    expect(Object.keys(operations ?? {}).sort()).toEqual(['get', 'put'])
    expect(operations?.put?.security).toEqual([{ bearer: [] }, { cookie: [] }])
    expect(Object.keys(operations?.put?.responses ?? {}).sort()).toEqual(['200', '400', '401'])
    expect(operations?.put?.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Preferences' } } },
    })
    expect(doc.components.schemas.Preferences).toMatchObject({ type: 'object', required: expect.arrayContaining(['language', 'currency', 'timezone']) })
  })
})
