import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { clientSessionContext, type ClientSession } from '../modules/identity/index'
import { action } from './languages'

type ActionArgs = Parameters<typeof action>[0]

/** The languages page's post as React Router hands it to the action, from an anonymous visitor. */
async function choose(interfaceLocale: string, redirectTo = ''): Promise<Response> {
  const context = new RouterContextProvider()
  context.set(clientSessionContext, null as ClientSession | null)
  const request = new Request('http://localhost/en/languages', { method: 'POST', body: new URLSearchParams({ interfaceLocale, redirectTo }) })
  const result = await action({ request, params: { lang: 'en' }, context } as unknown as ActionArgs)
  return result instanceof Response
    ? result
    : new Response(JSON.stringify((result as { data: unknown }).data), { status: (result as { init?: { status?: number } }).init?.status ?? 200 })
}

describe('choosing the interface language (issue 26)', () => {
  it('keeps a visitor’s choice in a cookie for a year and returns to the page they came from', async () => {
    const response = await choose('ar', '/en/b2b/market?q=cup')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/en/b2b/market?q=cup')
    expect(response.headers.get('set-cookie')).toMatch(/^interface_locale=ar; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/)
  })

  it('clears the cookie for the page language’s own, and stays on the page without a way back', async () => {
    const response = await choose('auto')
    expect(response.headers.get('location')).toBe('/en/languages')
    expect(response.headers.get('set-cookie')).toMatch(/^interface_locale=; Path=\/; Max-Age=0;/)
  })

  it('refuses anything else with 400 and sets nothing', async () => {
    for (const junk of ['xx', 'pt-BR', 'zh-Hans', '', 'de;Path=/']) {
      const response = await choose(junk, '/en')
      expect(response.status, junk).toBe(400)
      expect(response.headers.get('set-cookie'), junk).toBeNull()
    }
  })

  it('sends an unsafe way back to the page itself', async () => {
    const response = await choose('de', '//evil.com')
    expect(response.headers.get('location')).toBe('/en/languages')
  })
})
