import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../modules/identity/index.server'
import { database, databaseHandle } from './index.server'

describe('statements on PostgreSQL (ADR 030)', () => {
  it('are prepared once per connection and reused, though Drizzle asks for them unprepared', async () => {
    if (databaseHandle().kind !== 'postgres') return
    const marker = `prepared-${Date.now()}`
    const prepared = await database().transaction(async (tx) => {
      // One connection for the transaction: the statement is read twice, then the connection's prepared statements are listed.
      for (let run = 0; run < 2; run++) await tx.select({ id: users.id }).from(users).where(eq(users.email, marker))
      return tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements where statement like ${'%"users"."email" = $1%'}`)
    })
    const statements = [...prepared].map((row) => row.statement)
    expect(statements).toHaveLength(1)
  })
})
