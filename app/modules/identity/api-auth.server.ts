import type { Context } from 'hono'
import { AppError } from '../../platform/errors'
import { sessionFromBearer, sessionFromCookies, type AuthState } from './session.server'

/** Resolves the caller of an API request from `Authorization: Bearer` or the session cookie; null when neither is present. */
export async function resolveAuth(c: Context): Promise<AuthState | null> {
  const authorization = c.req.header('authorization')
  if (authorization) {
    const [scheme, token] = authorization.split(' ')
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new AppError('bad_jwt', 'invalid JWT structure')
    return sessionFromBearer(token)
  }
  const { state, setCookies } = await sessionFromCookies(c.req.raw.headers)
  for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true })
  return state
}

export async function requireAuth(c: Context): Promise<AuthState> {
  const state = await resolveAuth(c)
  if (!state) throw new AppError('session_missing', 'Auth session missing!')
  return state
}
