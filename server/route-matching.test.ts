import type { RouteConfigEntry } from '@react-router/dev/routes'
import { createStaticHandler, type RouteObject, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import routeConfig from '../app/routes'
import { SERVER_ONLY_FUTURE_FLAG, withoutServerOnlyFlags } from '../app/platform/route-matching'
import { withRoutePatternMatching } from './route-matching'

/** The app's route tree as React Router builds it, each route named by its module file. */
function routesOf(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const id = entry.id ?? entry.file
    if (entry.index) return { id, index: true }
    return { id, ...(entry.path !== undefined ? { path: entry.path } : {}), ...(entry.children ? { children: routesOf(entry.children) } : {}) }
  })
}

/** Every page path of the config, written out with sample values. */
function pathsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`
    return [...(entry.path !== undefined || entry.index ? [path] : []), ...pathsOf(entry.children ?? [], path)]
  })
}

/** Ways a person (or a crawler) writes an address: as is, with a trailing slash, in capitals, longer, percent-encoded, without an optional part. */
function variantsOf(pattern: string): string[] {
  return ['en', 'zh-Hans', 'zh-Hant'].flatMap((lang) => {
    const filled = pattern
      .replace(':lang', lang)
      .replace(/:(\w+)\?/g, 'some')
      .replace(/:(\w+)/g, (_, name: string) => `${name}-1`)
      .replace('*', 'a/b')
    return [
      filled,
      `${filled}/`,
      filled.toUpperCase(),
      `${filled}/extra`,
      filled.replace(/-1/g, '%20x%2Fy'),
      pattern.replace(':lang', lang).replace(/\/:\w+\?/g, ''),
    ]
  })
}

const routes = routesOf([{ file: 'root.tsx', path: undefined, children: routeConfig } as RouteConfigEntry])
const samples = [...new Set([...pathsOf(routeConfig).flatMap(variantsOf), '/', '//en//app', '/en/.', '/xx', '/en/b2b/product/%E4%B8%AD'])]
// A malformed percent-encoding (`%ZZ`) never reaches a matcher: the input guard answers 400 (input-guard.test.ts).

describe('route matching on the server (ADR 062)', () => {
  it('answers every page address of the app exactly as the default matcher does', () => {
    const build = withRoutePatternMatching({ future: {} } as unknown as ServerBuild)
    expect(build.future).toMatchObject({ [SERVER_ONLY_FUTURE_FLAG]: true })
    const byDefault = createStaticHandler(routes)
    const byPattern = createStaticHandler(routes, { future: build.future })
    const answer = (handler: typeof byDefault, path: string) =>
      handler.match(path)?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase })) ?? null
    expect(samples.length).toBeGreaterThan(1500)
    for (const path of samples) expect(answer(byPattern, path), path).toEqual(answer(byDefault, path))
    // The sample set reaches real pages, the catch-all and no match at all.
    expect(answer(byDefault, '/en/app/orders')?.at(-1)?.id).toBe('routes/app/orders/index.tsx')
    expect(answer(byDefault, '/en/app/nowhere')?.at(-1)?.id).toBe('routes/not-found.tsx')
    expect(answer(byDefault, '/')).toBeNull()
  })

  it('leaves the browser its default matcher', () => {
    const context = { future: { [SERVER_ONLY_FUTURE_FLAG]: true, v8_middleware: true } }
    withoutServerOnlyFlags(context)
    expect(context.future).toEqual({ v8_middleware: true })
    expect(() => withoutServerOnlyFlags(undefined)).not.toThrow()
  })
})
