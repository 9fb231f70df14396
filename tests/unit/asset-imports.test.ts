import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Scripts that run outside Vite (seeds, benchmarks, the job-crash worker) import module barrels, which export
// components; an asset import (`./x.svg?no-inline`, `./app.css?url`) cannot load there. Only the root route, which
// no script imports, brings assets in and hands their URLs down (the sprite's through SpriteUrlProvider).
describe('asset imports', () => {
  it('appear only in app/root.tsx', async () => {
    const files = (await readdir('app', { recursive: true })).filter((file) => /\.tsx?$/.test(file))
    const importers: string[] = []
    for (const file of files) {
      const source = await readFile(path.join('app', file), 'utf8')
      if (/^import\s[^;]*?from\s+'[^']+\.(svg|css|png|jpe?g|webp|woff2?)(\?[^']*)?'/m.test(source)) importers.push(file)
    }
    expect(importers).toEqual(['root.tsx'])
  })
})
