import { describe, expect, it } from 'vitest'
import { ExpiringLru } from '../lru'
import type { DatabaseHandle } from './database.server'
import { forgetOnDatabaseChange, useDatabaseHandle } from './index.server'

describe('forgetOnDatabaseChange', () => {
  it('empties a cache when the process is handed another database, and leaves others alone', () => {
    const remembered = forgetOnDatabaseChange(new ExpiringLru<string, string>(10))
    const other = new ExpiringLru<string, string>(10)
    remembered.set('account', 'id-in-the-first-database', 60_000)
    other.set('account', 'kept', 60_000)

    useDatabaseHandle({} as DatabaseHandle)

    expect(remembered.get('account')).toBeUndefined()
    expect(other.get('account')).toBe('kept')
  })
})
