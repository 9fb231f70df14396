import { ChunkLoadError, markChunkLoadError, reloadOnce } from './reload-guard'

/**
 * React Router's `loadRouteModule` (react-router 8.4.0, `lib/dom/ssr/routeModules.js`) with the reload guard (§9). The
 * client build puts this module in place of React Router's own (`scripts/vite-route-module-guard.ts`), which reloads the
 * page on every failed import of a route module and so can reload again and again while a chunk stays missing. Here
 * the page reloads once. Within the guard's 10 s the failure is answered with a stand-in module whose page throws a
 * `ChunkLoadError`, which the root error boundary shows as the "new version" page. (A rejection would be lost: React
 * Router's single-fetch navigation drops the failure of a lazily loaded route component and renders an empty outlet.)
 * Otherwise the same as React Router's: the cache, the import, the log.
 */

/** The fields of a manifest route (React Router's `EntryRoute`) this reads. */
type RouteEntry = { id: string; module: string; hasClientLoader?: boolean; hasClientAction?: boolean; hasClientMiddleware?: boolean }
/** React Router's cache of loaded route modules by route id (`window.__reactRouterRouteModules`). */
type RouteModulesCache = Record<string, unknown>

/** A route module that fails where React Router uses it: rendering its page, its client loader, action or middleware. */
export function unavailableRouteModule(route: RouteEntry, error: ChunkLoadError) {
  const fail = (): never => {
    throw error
  }
  return {
    default: function RouteModuleUnavailable(): never {
      throw error
    },
    ...(route.hasClientLoader ? { clientLoader: fail } : {}),
    ...(route.hasClientAction ? { clientAction: fail } : {}),
    ...(route.hasClientMiddleware ? { clientMiddleware: [fail] } : {}),
  }
}

export async function loadRouteModule(route: RouteEntry, routeModulesCache: RouteModulesCache): Promise<unknown> {
  if (route.id in routeModulesCache) return routeModulesCache[route.id]
  try {
    const routeModule: unknown = await import(/* @vite-ignore */ route.module)
    routeModulesCache[route.id] = routeModule
    return routeModule
  } catch (error) {
    console.error(`Error loading route module \`${route.module}\``, error)
    if (reloadOnce()) return new Promise<never>(() => {}) // the page is going: nothing renders the failure meanwhile
    // Not cached: whatever loads the module next tries the import again.
    return unavailableRouteModule(route, markChunkLoadError(new ChunkLoadError(`Route module ${route.module} could not be loaded`, { cause: error })))
  }
}
