import { expect, test } from '@playwright/test'

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), values)
  }
  return directives
}

// The market page runs zod in the browser: its eval probe (caught, but still reported) once broke the policy there.
for (const path of ['/en', '/en/login', '/en/b2b/market']) {
  test(`the document response of ${path} carries the security headers`, async ({ page }) => {
    const cspViolations: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
    })
    // A violation the page catches itself reaches no console, only the document's event.
    await page.exposeFunction('reportCspViolation', (text: string) => cspViolations.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        void (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        )
      })
    })
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    const headers = response!.headers()
    expect(headers['content-type']).toContain('text/html')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['x-content-type-options']).toBe('nosniff')

    const csp = headers['content-security-policy']
    expect(csp, 'Content-Security-Policy header').toBeTruthy()
    const directives = parseCsp(csp!)
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? []
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    const nonce = scriptSrc.find((value) => /^'nonce-[A-Za-z0-9+/_=-]{16,}'$/.test(value))
    expect(nonce, `script-src has a nonce: ${scriptSrc.join(' ')}`).toBeTruthy()

    // The inline scripts of the page carry that nonce (the page hydrates under the policy).
    const value = nonce!.slice("'nonce-".length, -1)
    const inlineScripts = await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce))
    expect(inlineScripts.length).toBeGreaterThan(0)
    for (const scriptNonce of inlineScripts) expect(scriptNonce).toBe(value)
    await expect(page.locator('html')).toHaveAttribute('data-auth-event', 'INITIAL_SESSION') // hydrated
    expect(cspViolations, 'the page loads without Content-Security-Policy violations').toEqual([])
  })
}

test('every page load gets a fresh script nonce', async ({ request }) => {
  const nonceOf = async () => (await request.get('/en')).headers()['content-security-policy']?.match(/'nonce-([^']+)'/)?.[1]
  const [first, second] = [await nonceOf(), await nonceOf()]
  expect(first).toBeTruthy()
  expect(second).toBeTruthy()
  expect(first).not.toBe(second)
})
