/** Where file bytes live. Keys are made by the server (file ids), never taken from user input. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/

/** Defence in depth: a key is a relative path of simple segments, so no driver can be led outside its root. */
export function assertStorageKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`)
}
