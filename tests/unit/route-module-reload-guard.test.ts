import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REACT_ROUTER_ROUTE_MODULES, unexpectedOriginal } from '../../scripts/vite-route-module-guard'

// The client build puts app/platform/route-module-loader.ts in place of React Router's routeModules.js (the reload
// guard, §9). The build stops when the original is not what the stand-in replaces; this says so before a build.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist')

describe('the reload guard’s stand-in for React Router’s route module loader', () => {
  for (const build of ['production', 'development']) {
    it(`replaces what the installed React Router ships (${build})`, () => {
      const file = join(reactRouterDist, build, 'lib/dom/ssr/routeModules.js')
      expect(REACT_ROUTER_ROUTE_MODULES.test(file)).toBe(true)
      expect(unexpectedOriginal(readFileSync(file, 'utf8'))).toEqual([])
    })
  }

  it('refuses a loader that no longer reloads or exports more', () => {
    const original = readFileSync(join(reactRouterDist, 'production/lib/dom/ssr/routeModules.js'), 'utf8')
    expect(unexpectedOriginal(original.replace('window.location.reload();', 'reloadGuarded();'))).toEqual(['window.location.reload();'])
    expect(unexpectedOriginal(`${original}\nexport const other = 1;`)).toEqual(['2 export statements, not 1'])
  })
})
