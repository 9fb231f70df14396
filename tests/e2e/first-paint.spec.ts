import { expect, test } from '@playwright/test'
import { openPage } from './support/helpers'

// ADR 031: a page arrives fully rendered; its stylesheet comes first and its JavaScript is fetched at low priority, so
// the first paint waits for the document and the stylesheet only.
for (const path of ['/en', '/en/b2b/market']) {
  test(`${path} sends its stylesheet before its scripts, and its scripts at low priority`, async ({ request }) => {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const stylesheet = head.search(/<link[^>]*rel="stylesheet"/)
    const firstPreload = head.indexOf('rel="modulepreload"')
    expect(stylesheet).toBeGreaterThan(-1)
    expect(firstPreload).toBeGreaterThan(stylesheet)

    const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g)]
    expect(preloads.length).toBeGreaterThan(10)
    const first = new Map<string, string>()
    for (const [tag, href] of preloads) if (href && !first.has(href)) first.set(href, tag)
    for (const [href, tag] of first) expect(tag, href).toContain('fetchPriority="low"')
    // Announced once: React Router's own tags repeat only the entry and the route modules.
    expect(preloads.length - first.size).toBeLessThan(10)
  })
}

test('the marketplace hydrates without the filter sheet or the combobox code, and both work once used', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await openPage(page, '/en/b2b/market')
  expect(scripts.filter((url) => /filter-sheet-panel|combobox-popover/.test(url))).toEqual([])
  // The client's ids are the server's: every label reference of the hydrated page (also those rendered after
  // hydration, like the HS chapter combobox, hidden here in the closed sheet's place) finds its element.
  await expect(page.getByRole('combobox', { name: /^HS chapter/, includeHidden: true })).toHaveCount(1)
  const dangling = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-labelledby]')].flatMap((element) =>
      (element.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter((id) => id && !document.getElementById(id)),
    ),
  )
  expect(dangling).toEqual([])

  await page.getByRole('button', { name: 'Filters' }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await expect(sheet).toBeVisible()
  await sheet.getByRole('combobox', { name: /HS chapter/ }).click()
  const chapter = page.getByRole('option', { name: /^69 — / })
  await expect(chapter).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(chapter).toHaveCount(0)
  expect(scripts.some((url) => url.includes('filter-sheet-panel'))).toBe(true)
  expect(scripts.some((url) => url.includes('combobox-popover'))).toBe(true)
})

// ADR 032: scripts and stylesheets are compressed at build time; the server sends the copy the browser accepts.
test('assets come compressed from the build, Brotli first, with the same bytes as the file', async ({ request }) => {
  const html = await (await request.get('/en')).text()
  const script = html.match(/<link rel="modulepreload" href="(\/assets\/framework-[^"]+\.js)"/)?.[1]
  expect(script, 'the framework chunk is preloaded').toBeTruthy()
  const plain = await request.get(script ?? '', { headers: { 'accept-encoding': 'identity' } })
  expect(plain.headers()['content-encoding']).toBeUndefined()
  expect(plain.headers()['cache-control']).toContain('immutable')
  const source = await plain.text()
  for (const [accepted, expected] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const compressed = await request.get(script ?? '', { headers: { 'accept-encoding': accepted } })
    expect(compressed.headers()['content-encoding'], accepted).toBe(expected)
    expect(compressed.headers().vary).toContain('Accept-Encoding')
    expect(Number(compressed.headers()['content-length'])).toBeLessThan(source.length / 2)
    // Playwright decodes the body as a browser would.
    expect(await compressed.text()).toBe(source)
  }
})
