import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalDiskStorage } from './local-storage.server'
import type { FileStorage } from './storage-driver.server'

let root: string
let storage: FileStorage

beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(tmpdir(), 'tradeport-files-')), 'files')
  storage = new LocalDiskStorage(root)
})

afterEach(async () => {
  await rm(path.dirname(root), { recursive: true, force: true })
})

describe('LocalDiskStorage', () => {
  it('creates its folders on demand and reads back what it stored', async () => {
    await storage.put('originals/abc', new Uint8Array([1, 2, 3]), 'image/png')
    expect(await storage.get('originals/abc')).toEqual(new Uint8Array([1, 2, 3]))
    expect(await readdir(path.join(root, 'originals'))).toEqual(['abc'])
  })

  it('answers null for a key it does not hold, and deletes quietly', async () => {
    expect(await storage.get('originals/missing')).toBeNull()
    await storage.put('thumbnails/abc.webp', new Uint8Array([9]), 'image/webp')
    await storage.delete('thumbnails/abc.webp')
    await storage.delete('thumbnails/abc.webp')
    expect(await storage.get('thumbnails/abc.webp')).toBeNull()
  })

  it('refuses keys that could leave its root', async () => {
    for (const key of ['../escape', 'originals/../../etc/passwd', '/etc/passwd', 'Originals/x', 'a//b', '']) {
      await expect(storage.put(key, new Uint8Array([1]), 'image/png')).rejects.toThrow(/Unsafe storage key/)
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/)
    }
  })
})
