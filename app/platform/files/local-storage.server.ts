import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { assertStorageKey, type FileStorage } from './storage-driver.server'

/** Files on the local disk under `root`, created on demand; writes land whole or not at all. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key)
    return path.join(this.root, ...key.split('/'))
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    // Written beside the target and renamed, so a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.partial`
    try {
      await writeFile(partial, bytes, { mode: 0o600 })
      await rename(partial, target)
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }
}
