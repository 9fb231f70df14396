/** React Router's future flag for its route-pattern matcher, which only the server turns on (server/route-matching.ts). */
export const SERVER_ONLY_FUTURE_FLAG = 'unstable_routePatternMatching'

type RouterContext = { future?: Record<string, unknown> } | undefined

/**
 * Takes the server's matcher flag out of the context the server hands the browser, before the router hydrates: the
 * browser matches with the default matcher, which needs nothing preloaded.
 */
export function withoutServerOnlyFlags(context: RouterContext): void {
  if (context?.future) delete context.future[SERVER_ONLY_FUTURE_FLAG]
}
