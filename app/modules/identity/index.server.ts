export { auth, resetAuth } from './auth-instance.server'
export { toAppError, mapAuthErrorCode } from './auth-errors.server'
export { authEndpointPolicy, isOpenAuthEndpoint, AUTH_ENDPOINTS } from './auth-endpoints'
export * from './identity.service.server'
export { userContacts, userNames } from './user-names.server'
export {
  actorFromAuthState,
  bearerSessions,
  isContactVerified,
  resetBearerSessions,
  sessionFromBearer,
  sessionFromCookies,
  type AuthState,
} from './session.server'
export { createBearerSessions, type BearerSession, type SessionUser } from './bearer-session.server'
export { requireAuth, resolveAuth } from './api-auth.server'
export { jwksDocument } from './signing-keys.server'
export { sessionRevocations } from './session-revocations.server'
export { passwordWeaknesses } from './password-policy.server'
export { userDirectory } from './identity.views.server'
export { authMiddleware, redirectCookie, toClientSession } from './auth-middleware.server'
export {
  getPreferences,
  viewerPreferences,
  updatePreferences,
  setLanguagePreference,
  setInterfaceLocalePreference,
  savedLanguageOf,
} from './preferences.service.server'
export { preferencesCache } from './preferences-cache.server'
