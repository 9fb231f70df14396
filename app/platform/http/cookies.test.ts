import { describe, expect, it } from 'vitest'
import { chunkSetCookies, joinCookieChunks, MAX_COOKIE_LENGTH, parseCookieHeader } from './cookies'

const ATTRS = '; Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax'

describe('cookie size rule (§9)', () => {
  it('leaves cookies within 3,180 characters alone', () => {
    const small = `tp.session_token=abc${ATTRS}`
    expect(chunkSetCookies([small], null)).toEqual([small])
  })

  it('splits a larger cookie into chunks no longer than 3,180 characters and expires the whole one', () => {
    const value = 'x'.repeat(7000)
    const out = chunkSetCookies([`tp.session_data=${value}${ATTRS}`], null)
    const chunks = out.filter((c) => c.startsWith('tp.session_data.c'))
    expect(chunks.length).toBe(3)
    for (const cookie of out) expect(cookie.length).toBeLessThanOrEqual(MAX_COOKIE_LENGTH)
    expect(out).toContainEqual(expect.stringMatching(/^tp\.session_data=; .*Max-Age=0/))
    const header = chunks.map((c) => c.split(';')[0]).join('; ')
    expect(parseCookieHeader(joinCookieChunks(header)).get('tp.session_data')).toBe(value)
  })

  it('expires chunks the browser still holds once the cookie fits again', () => {
    const out = chunkSetCookies([`tp.session_data=small${ATTRS}`], 'tp.session_data.c0=aaa; tp.session_data.c1=bbb')
    expect(out[0]).toBe(`tp.session_data=small${ATTRS}`)
    expect(out.slice(1).map((c) => c.split('=')[0])).toEqual(['tp.session_data.c0', 'tp.session_data.c1'])
    expect(out.slice(1).every((c) => c.includes('Max-Age=0'))).toBe(true)
  })

  it('reassembles chunks in index order and lets a whole cookie win', () => {
    expect(parseCookieHeader(joinCookieChunks('a.c1=world; a.c0=hello; b=1')).get('a')).toBe('helloworld')
    expect(parseCookieHeader(joinCookieChunks('a=whole; a.c0=part')).get('a')).toBe('whole')
  })

  it('ignores an incomplete chunk set', () => {
    expect(parseCookieHeader(joinCookieChunks('a.c0=x; a.c2=z')).has('a')).toBe(false)
  })
})
