import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { database, databaseHandle } from './index.server'

describe('statements on PostgreSQL (ADR 030)', () => {
  it('are prepared once per connection and reused, though Drizzle asks for them unprepared', async () => {
    if (databaseHandle().kind !== 'postgres') return
    const marker = `prepared-${Date.now()}`
    const prepared = await database().transaction(async (tx) => {
      // One connection for the transaction: the statement is read twice, then the connection's prepared statements are listed.
      for (let run = 0; run < 2; run++) await tx.execute(sql`select ${marker}::text as prepared_statement_probe`)
      return tx.execute(sql`select statement from pg_prepared_statements where statement like ${'%as prepared_statement_probe%'}`)
    })
    // postgres.js returns the rows as an array.
    const statements = (prepared as unknown as Array<{ statement: string }>).map((row) => row.statement)
    expect(statements).toHaveLength(1)
  })
})
