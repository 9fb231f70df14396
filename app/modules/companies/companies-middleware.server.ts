import { type MiddlewareFunction, redirect, type RouterContextProvider } from 'react-router'
import type { ServiceContext } from '../../platform/actor'
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocalePath } from '../../platform/i18n/locales'
import { requestInfoContext } from '../../platform/request-info'
import { actingAs } from '../../platform/request-scope.server'
import { actorFromClientSession, clientSessionContext } from '../identity/index'
import { companiesContext } from './company-context'
import { companyContextOf, withCompany } from './company-context.server'

/** Pages a signed-in user without a company may still use; every other /app page sends them to /onboarding. */
const WITHOUT_COMPANY = [/^\/app\/team\/join$/, /^\/app\/user\//, /^\/app\/playground\/mail$/, /^\/app\/users(\/|$)/, /^\/app\/supplier\/onboarding$/]

export function needsOnboarding(path: string, hasCompany: boolean, platformAdmin: boolean): boolean {
  if (hasCompany || platformAdmin) return false
  if (path !== '/app' && !path.startsWith('/app/')) return false
  return !WITHOUT_COMPANY.some((pattern) => pattern.test(path))
}

/**
 * Runs after the auth middleware: puts the signed-in user's companies and the active one in the
 * router context (from the membership cache, no database round-trip while fresh), and sends a user
 * who has no company yet to /onboarding.
 */
export const companiesMiddleware: MiddlewareFunction<Response> = async ({ context, url, params }, next) => {
  const session = context.get(clientSessionContext)
  if (!session) {
    context.set(companiesContext, null)
    return next()
  }
  const companies = await companyContextOf(session.user.id, session.sessionId)
  context.set(companiesContext, companies)
  const { rest } = splitLocalePath(url.pathname)
  if (needsOnboarding(rest, companies.active !== null, session.user.role === 'admin')) {
    throw redirect(localizePath(isLocale(params.lang) ? params.lang : DEFAULT_LOCALE, '/onboarding'))
  }
  return next()
}

/**
 * The service context of a page's loader or action: the signed-in actor with their active company.
 * The guard already sent anonymous visitors to sign in; anything else answers 401.
 */
export function requireActor(context: Readonly<RouterContextProvider>, params: { lang?: string } = {}): ServiceContext {
  const session = context.get(clientSessionContext)
  if (!session) throw new Response('Auth session missing!', { status: 401 })
  const companies = context.get(companiesContext)
  actingAs(session.user.id)
  return {
    actor: withCompany(actorFromClientSession(session), companies?.active ?? null),
    locale: isLocale(params.lang) ? params.lang : DEFAULT_LOCALE,
    requestId: context.get(requestInfoContext).requestId,
  }
}
