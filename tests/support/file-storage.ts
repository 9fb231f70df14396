import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { LocalDiskStorage } from '../../app/platform/files/local-storage.server'
import { useFileStorage } from '../../app/platform/files/storage.server'

/** Uploads of this test file go to a temporary directory, removed after its last test. */
export function withTemporaryFileStorage(prefix: string): void {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), `tradeport-${prefix}-`))
    useFileStorage(new LocalDiskStorage(root))
  })
  afterAll(async () => {
    useFileStorage(undefined)
    await rm(root, { recursive: true, force: true })
  })
}
