import { describe, expect, it } from 'vitest'
import { createHttpClient, HttpError, type HttpClient, type RequestOptions } from '../../platform/http/client'
import { DEFAULT_PREFERENCES, type Preferences } from './preferences'
import { createPreferencesStore, LOAD_FAILED_MESSAGE, type PreferencesState, SAVE_FAILED_MESSAGE } from './preferences-store'

const SERVER: Preferences = {
  language: 'zh-Hans',
  currency: 'CNY',
  timezone: 'Asia/Shanghai',
  date_format: 'long',
  time_format: 'short',
  hour_cycle: 'h23',
  interface_locale: null,
}

type Call = { path: string; options: RequestOptions | undefined }

/** An HTTP client that records calls and answers each with the next result. */
function scripted(...results: Array<Preferences | Error>) {
  const calls: Call[] = []
  const client = (async (path: string, options?: RequestOptions) => {
    calls.push({ path, options })
    const result = results.shift()
    if (result instanceof Error) throw result
    return result
  }) as HttpClient
  return { client, calls }
}

function recordStates(store: ReturnType<typeof createPreferencesStore>): PreferencesState[] {
  const states: PreferencesState[] = []
  store.subscribe(() => states.push(store.getState()))
  return states
}

describe('preferences store', () => {
  it('starts from the §3 defaults, or from what the server rendered with', () => {
    expect(createPreferencesStore().getState()).toEqual({ preferences: DEFAULT_PREFERENCES, loading: false, error: null })
    expect(createPreferencesStore({ initial: SERVER }).getState().preferences).toEqual(SERVER)
  })

  it('load: turns loading on, replaces the preferences with the server’s answer, turns loading off', async () => {
    const { client, calls } = scripted(SERVER)
    const store = createPreferencesStore({ http: client })
    const states = recordStates(store)
    await store.load()
    expect(calls).toEqual([{ path: '/api/user/profiles', options: undefined }])
    expect(states[0]?.loading).toBe(true)
    expect(store.getState()).toEqual({ preferences: SERVER, loading: false, error: null })
  })

  it('load: stores the error’s message on failure, keeps the preferences, turns loading off', async () => {
    const store = createPreferencesStore({ initial: SERVER, http: scripted(new HttpError(401, { code: 'session_missing' }, 'Auth session missing!')).client })
    await store.load()
    expect(store.getState()).toEqual({ preferences: SERVER, loading: false, error: 'Auth session missing!' })
  })

  it('load: stores the Chinese fallback when the error has no message', async () => {
    const store = createPreferencesStore({ http: scripted(new Error('')).client })
    await store.load()
    expect(store.getState().error).toBe(LOAD_FAILED_MESSAGE)
    expect(LOAD_FAILED_MESSAGE).toBe('加载用户偏好设置失败')
  })

  it('save: PUTs the preferences and replaces them with the answer; a later success clears the error', async () => {
    const answered = { ...SERVER, currency: 'JPY' }
    const { client, calls } = scripted(new Error('offline'), answered)
    const store = createPreferencesStore({ http: client })
    expect(await store.save(SERVER)).toBe(false)
    expect(store.getState().error).toBe('offline')
    expect(await store.save(SERVER)).toBe(true)
    expect(calls[1]).toEqual({ path: '/api/user/profiles', options: { method: 'PUT', body: SERVER } })
    expect(store.getState()).toEqual({ preferences: answered, loading: false, error: null })
  })

  it('save: stores the Chinese fallback when the error has no message', async () => {
    const store = createPreferencesStore({ http: scripted(new Error('')).client })
    expect(await store.save(SERVER)).toBe(false)
    expect(store.getState().error).toBe(SAVE_FAILED_MESSAGE)
    expect(SAVE_FAILED_MESSAGE).toBe('保存用户偏好设置失败')
  })

  it('save: sends the browser’s zone while the user has none', async () => {
    const { client, calls } = scripted(SERVER, SERVER)
    const store = createPreferencesStore({ http: client, browserTimeZone: () => 'Europe/Berlin' })
    await store.save({ ...SERVER, timezone: null })
    expect(calls[0]?.options?.body).toMatchObject({ timezone: 'Europe/Berlin' })
    await store.save(SERVER)
    expect(calls[1]?.options?.body).toMatchObject({ timezone: 'Asia/Shanghai' })
  })

  it('keeps the answer to the latest request when an older one arrives later', async () => {
    let answerLoad: (value: Preferences) => void = () => undefined
    const saved = { ...SERVER, currency: 'EUR' }
    const client = ((_path: string, options?: RequestOptions) =>
      options?.method === 'PUT' ? Promise.resolve(saved) : new Promise<Preferences>((resolve) => (answerLoad = resolve))) as HttpClient
    const store = createPreferencesStore({ http: client })
    const loading = store.load()
    await store.save(saved)
    answerLoad(DEFAULT_PREFERENCES)
    await loading
    expect(store.getState()).toEqual({ preferences: saved, loading: false, error: null })
  })

  it('seed: adopts server-rendered preferences, and notifies only when they differ', () => {
    const store = createPreferencesStore()
    const states = recordStates(store)
    store.seed(SERVER)
    store.seed({ ...SERVER })
    expect(states).toHaveLength(1)
    expect(store.getState().preferences).toEqual(SERVER)
  })

  it('unsubscribes listeners', async () => {
    const store = createPreferencesStore({ http: scripted(SERVER).client })
    let notified = 0
    const unsubscribe = store.subscribe(() => (notified += 1))
    unsubscribe()
    await store.load()
    expect(notified).toBe(0)
  })

  it('talks to /api/user/profiles through the HTTP client: JSON PUT, server message on failure', async () => {
    const requests: Request[] = []
    const fakeFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      requests.push(request)
      if (request.method === 'PUT') return Response.json({ code: 'validation_failed', message: 'Some fields need your attention.' }, { status: 400 })
      return Response.json(SERVER)
    }
    const store = createPreferencesStore({ http: createHttpClient({ baseURL: 'http://tradeport.test', fetch: fakeFetch }) })
    await store.load()
    expect(store.getState().preferences).toEqual(SERVER)
    expect(await store.save({ ...SERVER, currency: 'XYZ' })).toBe(false)
    expect(store.getState().error).toBe('Some fields need your attention.')
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET http://tradeport.test/api/user/profiles', 'PUT http://tradeport.test/api/user/profiles'])
    expect(requests[1]?.headers.get('content-type')).toBe('application/json')
    expect(await requests[1]?.json()).toMatchObject({ currency: 'XYZ' })
  })
})
