// The static public pages (ADR 054): prerendered into the anonymous page cache when the server starts, then served to
// visitors without cookies for an hour — the HTML and the route data — while everyone else still gets a fresh render.
import { describe, expect, it } from 'vitest'
import { env } from '../app/platform/env.server'
import { createHttpApp } from './http-app'
import { isStaticPagePath, prerenderStaticPages, STATIC_PAGES } from './static-pages'

const ORIGIN = 'http://localhost'

/** The production HTTP app (its page cache on), with a page renderer that counts what it renders. */
function productionApp() {
  const rendered: string[] = []
  const app = createHttpApp({ ...env(), NODE_ENV: 'production' }, async (request) => {
    const path = new URL(request.url).pathname
    rendered.push(path)
    const body = path.endsWith('.data') ? '[{"_1":2}]' : `<!doctype html><title>${path}</title>`
    return new Response(body, { headers: { 'content-type': path.endsWith('.data') ? 'text/x-script' : 'text/html', 'cache-control': 'public, max-age=60' } })
  })
  return { app, rendered }
}

describe('static public pages', () => {
  it('are the product page and the supplier landing page, with their route data, in every locale', () => {
    expect(STATIC_PAGES).toEqual(['/marketing', '/supplier/portal'])
    for (const path of ['/en/marketing', '/zh-Hans/marketing.data', '/zh-Hant/supplier/portal', '/en/supplier/portal.data'])
      expect(isStaticPagePath(path), path).toBe(true)
    for (const path of ['/en/sourcing', '/en/app/supplier/portal', '/marketing', '/fr/marketing', '/en/marketing/x'])
      expect(isStaticPagePath(path), path).toBe(false)
  })

  it('are prerendered at start and then served to visitors without cookies without rendering again', async () => {
    const { app, rendered } = productionApp()
    expect(await prerenderStaticPages(app, ORIGIN)).toEqual({ rendered: 12, failed: [] })
    expect(rendered).toHaveLength(12)
    expect(rendered).toContain('/zh-Hant/supplier/portal.data')

    const page = await app.fetch(new Request(`${ORIGIN}/zh-Hans/marketing`))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>/zh-Hans/marketing</title>')
    const payload = await app.fetch(new Request(`${ORIGIN}/en/supplier/portal.data`))
    expect(await payload.text()).toBe('[{"_1":2}]')
    expect(rendered).toHaveLength(12)
  })

  it('are rendered afresh for a visitor with cookies (signed in, or with a colour or language chosen)', async () => {
    const { app, rendered } = productionApp()
    await prerenderStaticPages(app, ORIGIN)
    await app.fetch(new Request(`${ORIGIN}/en/marketing`, { headers: { cookie: 'color_mode=dark' } }))
    expect(rendered.slice(12)).toEqual(['/en/marketing'])
  })
})
