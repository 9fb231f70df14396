/** §9: no cookie may exceed this many characters on the wire; larger ones are split into chunks. */
export const MAX_COOKIE_LENGTH = 3180
const CHUNK_SUFFIX = /^(.+)\.c(\d+)$/

export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    const name = part.slice(0, eq).trim()
    if (!name || cookies.has(name)) continue
    cookies.set(name, part.slice(eq + 1).trim())
  }
  return cookies
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  const raw = parseCookieHeader(header).get(name)
  if (raw === undefined) return undefined
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/**
 * A Set-Cookie value for a cookie only the server reads (locale, colour mode, post-sign-in redirect): HttpOnly,
 * so no script, ours or injected, can read or overwrite it; SameSite=Lax; Secure over HTTPS.
 */
export function serverCookie(name: string, value: string, options: { maxAge: number; secure: boolean }): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${options.maxAge}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`
}

export function serializeCookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

/**
 * Rebuilds chunked cookies (`name.c0`, `name.c1`, …) into `name` and drops the chunks, so the rest of
 * the application only ever sees whole cookies. An unchunked cookie of the same name wins.
 */
export function joinCookieChunks(header: string | null | undefined): string | null {
  if (!header) return header ?? null
  const cookies = parseCookieHeader(header)
  const chunks = new Map<string, string[]>()
  for (const [name, value] of cookies) {
    const match = CHUNK_SUFFIX.exec(name)
    if (!match) continue
    const [, base = '', index = '0'] = match
    const list = chunks.get(base) ?? []
    list[Number(index)] = value
    chunks.set(base, list)
    cookies.delete(name)
  }
  if (chunks.size === 0) return header
  for (const [base, parts] of chunks) {
    // Array.from turns holes into undefined, which every() would otherwise skip.
    const complete = parts.length > 0 && Array.from(parts).every((p) => p !== undefined)
    if (!cookies.has(base) && complete) cookies.set(base, parts.join(''))
  }
  return serializeCookieHeader(cookies)
}

type SetCookieParts = { name: string; value: string; attributes: string }

function splitSetCookie(setCookie: string): SetCookieParts {
  const semi = setCookie.indexOf(';')
  const pair = semi === -1 ? setCookie : setCookie.slice(0, semi)
  const attributes = semi === -1 ? '' : setCookie.slice(semi)
  const eq = pair.indexOf('=')
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1), attributes }
}

function expiredAttributes(attributes: string): string {
  const kept = attributes
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a && !/^(max-age|expires)=/i.test(a))
  return ['', ...kept, 'Max-Age=0'].join('; ')
}

/**
 * Applies the size rule to outgoing Set-Cookie values. A cookie longer than MAX_COOKIE_LENGTH becomes
 * `name.c0…name.cN` (and `name` itself is expired); a whole cookie expires chunks the browser still holds.
 */
export function chunkSetCookies(setCookies: string[], requestCookieHeader: string | null | undefined): string[] {
  const held = [...parseCookieHeader(requestCookieHeader).keys()]
  const out: string[] = []
  for (const setCookie of setCookies) {
    const { name, value, attributes } = splitSetCookie(setCookie)
    const staleChunks = held.filter((n) => CHUNK_SUFFIX.exec(n)?.[1] === name)
    if (setCookie.length <= MAX_COOKIE_LENGTH) {
      out.push(setCookie)
      for (const chunk of staleChunks) out.push(`${chunk}=${expiredAttributes(attributes)}`)
      continue
    }
    const room = MAX_COOKIE_LENGTH - `${name}.c99=`.length - attributes.length
    if (room < 64) throw new Error(`Cookie ${name} has attributes too long to chunk`)
    const written = new Set<string>()
    for (let i = 0, offset = 0; offset < value.length; i++, offset += room) {
      const chunkName = `${name}.c${i}`
      written.add(chunkName)
      out.push(`${chunkName}=${value.slice(offset, offset + room)}${attributes}`)
    }
    out.push(`${name}=${expiredAttributes(attributes)}`)
    for (const chunk of staleChunks) if (!written.has(chunk)) out.push(`${chunk}=${expiredAttributes(attributes)}`)
  }
  return out
}
