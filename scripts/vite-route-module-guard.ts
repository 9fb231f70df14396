import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/** React Router's loader of route modules, in the build it ships (development and production are the same code). */
export const REACT_ROUTER_ROUTE_MODULES =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?:development|production)[\\/]lib[\\/]dom[\\/]ssr[\\/]routeModules\.js$/
const STAND_IN = resolve('app/platform/route-module-loader.ts')

/**
 * What React Router's module must still say for the stand-in to replace it faithfully: one export, `loadRouteModule`,
 * which reloads the page when an import fails. Anything else (an upgrade that changed it) stops the build, so the
 * guard is looked at again instead of silently lost or wrong.
 */
export const EXPECTED_ORIGINAL = [
  'async function loadRouteModule(route, routeModulesCache) {',
  'if (route.id in routeModulesCache) return routeModulesCache[route.id];',
  'window.location.reload();',
  'export { loadRouteModule };',
]

export function unexpectedOriginal(source: string): string[] {
  const exports = source.match(/^export\s/gm) ?? []
  return [...EXPECTED_ORIGINAL.filter((line) => !source.includes(line)), ...(exports.length === 1 ? [] : [`${exports.length} export statements, not 1`])]
}

/**
 * The reload guard (§9) for React Router's route modules. When the import of a route module fails, React Router's
 * `loadRouteModule` calls `window.location.reload()` every time, with nothing to stop a loop, and 8.4.0 offers no hook
 * before it (its instrumentations observe a lazy load but cannot stand in for it; `location.reload` cannot be replaced,
 * it is unforgeable). So the client build loads `app/platform/route-module-loader.ts` in its place: the same function
 * with the guard. Client build only: the server never loads route modules this way, and development's pre-bundled
 * React Router keeps its own behaviour.
 */
export function guardRouteModuleReload(): Plugin {
  let replaced = false
  return {
    name: 'tradeport:route-module-reload-guard',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    enforce: 'pre',
    load(id) {
      if (!REACT_ROUTER_ROUTE_MODULES.test(id)) return null
      const unexpected = unexpectedOriginal(readFileSync(id, 'utf8'))
      if (unexpected.length > 0) {
        this.error(`React Router's routeModules.js is not what app/platform/route-module-loader.ts replaces (${unexpected.join('; ')}): check the reload guard`)
      }
      replaced = true
      return `export { loadRouteModule } from ${JSON.stringify(STAND_IN)}`
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error("React Router's routeModules.js was not in the client build: the reload guard does not apply (check the React Router version)")
    },
  }
}
