import type { ServerBuild } from 'react-router'
import { unstable_preloadRoutePattern } from 'react-router/route-pattern'
import { SERVER_ONLY_FUTURE_FLAG } from '../app/platform/route-matching'

/**
 * The build with React Router's route-pattern matcher switched on for the server (ADR 062). The default matcher tries
 * every route's regular expressions in turn: with this app's ~140 pages that costs ~150 µs per match, and a page request
 * matches five times (the request, the loaders, and each ancestor path the page's route manifest includes). The
 * route-pattern matcher answers the same matches in ~12 µs. The browser keeps the default matcher (entry.client strips
 * the flag), so its bundle does not carry the other one.
 */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern()
  const future = Object.assign({}, build.future, { [SERVER_ONLY_FUTURE_FLAG]: true })
  return { ...build, future }
}
