import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LowPriorityModulePreloads, pageModules, withoutImportPreloads } from './module-preloads'

type Context = Pick<EntryContext, 'manifest' | 'staticHandlerContext'>

const route = (id: string, module: string, imports: string[], extra: Record<string, string> = {}) => ({
  id,
  module,
  imports,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
  ...extra,
})

const context = {
  manifest: {
    entry: { module: '/assets/entry.js', imports: ['/assets/react.js', '/assets/router.js'] },
    routes: {
      root: route('root', '/assets/root.js', ['/assets/react.js', '/assets/toast.js']),
      market: route('market', '/assets/market.js', ['/assets/card.js'], { clientLoaderModule: '/assets/market-loader.js' }),
      other: route('other', '/assets/other.js', ['/assets/chart.js']),
    },
    url: '/assets/manifest.js',
    version: '1',
  },
  staticHandlerContext: { matches: [{ route: { id: 'root' } }, { route: { id: 'market' } }] },
} as unknown as Context

describe('pageModules', () => {
  it('lists the entry, its imports and each matched route with its imports, once each', () => {
    expect(pageModules(context)).toEqual([
      '/assets/entry.js',
      '/assets/react.js',
      '/assets/router.js',
      '/assets/root.js',
      '/assets/toast.js',
      '/assets/market-loader.js',
      '/assets/market.js',
      '/assets/card.js',
    ])
  })
})

describe('LowPriorityModulePreloads', () => {
  it('announces every file of the page at low priority, with the nonce', () => {
    const html = renderToString(
      <html>
        <head />
        <body>
          <LowPriorityModulePreloads context={context} nonce="n0nce">
            <p>page</p>
          </LowPriorityModulePreloads>
        </body>
      </html>,
    )
    const links = [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag)
    expect(links).toHaveLength(8)
    expect(html).toContain('<p>page</p>')
    for (const link of links) {
      expect(link).toContain('rel="modulepreload"')
      expect(link).toContain('fetchPriority="low"')
      expect(link).toContain('nonce="n0nce"')
    }
  })
})

describe('withoutImportPreloads', () => {
  it('keeps the modules and drops the imports, leaving the original context as it was', () => {
    const trimmed = withoutImportPreloads(context)
    expect(trimmed.manifest.entry).toEqual({ module: '/assets/entry.js', imports: [] })
    expect(trimmed.manifest.routes.market).toMatchObject({ module: '/assets/market.js', imports: [], clientLoaderModule: '/assets/market-loader.js' })
    expect(context.manifest.entry.imports).toHaveLength(2)
    expect(context.manifest.routes.market?.imports).toEqual(['/assets/card.js'])
    expect(withoutImportPreloads(context).manifest).toBe(trimmed.manifest)
  })
})
