import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { clientSessionContext, type ClientSession } from '../modules/identity/index'
import { action } from './locale'

type ActionArgs = Parameters<typeof action>[0]

/** The language switcher's post as React Router hands it to the action, from an anonymous visitor. */
async function switchTo(locale: string, redirectTo: string): Promise<Response> {
  const context = new RouterContextProvider()
  context.set(clientSessionContext, null as ClientSession | null)
  const request = new Request('http://localhost/en/locale', { method: 'POST', body: new URLSearchParams({ locale, redirectTo }) })
  return (await action({ request, params: { lang: 'en' }, context } as unknown as ActionArgs)) as Response
}

describe('the language switch (issue 15, finding 6)', () => {
  it('returns to the same page in the chosen locale', async () => {
    const response = await switchTo('zh-Hans', '/en/b2b/market?q=cup')
    expect(response.headers.get('location')).toBe('/zh-Hans/b2b/market?q=cup')
  })

  it('sends any unsafe redirectTo to the chosen locale’s home instead of failing', async () => {
    for (const unsafe of ['/en/b2b\u0001', '/en/b2b\u001b[31m', '/en\r\nSet-Cookie: x=1', '//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com']) {
      const response = await switchTo('zh-Hant', unsafe)
      expect(response.status, JSON.stringify(unsafe)).toBe(302)
      expect(response.headers.get('location'), JSON.stringify(unsafe)).toBe('/zh-Hant')
    }
  })

  it('percent-encodes text the Location header could not carry', async () => {
    const response = await switchTo('en', '/zh-Hans/b2b/market?q=陶瓷杯')
    expect(response.headers.get('location')).toBe('/en/b2b/market?q=%E9%99%B6%E7%93%B7%E6%9D%AF')
  })
})
