// Other modules name the people on their records (timelines, authors) without reading identity's tables.
import { inArray } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { users } from './identity.tables.server'

/** The names of the users among `ids` (one query; an unknown or deleted user has no entry). */
export async function userNames(ids: Iterable<string | null>, db: Database | Transaction = database()): Promise<Map<string, string>> {
  const contacts = await userContacts(ids, db)
  return new Map([...contacts].map(([id, contact]) => [id, contact.name]))
}

/** The names and e-mail addresses of the users among `ids` (one query), for records that show who acted. */
export async function userContacts(
  ids: Iterable<string | null>,
  db: Database | Transaction = database(),
): Promise<Map<string, { name: string; email: string }>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, wanted))
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]))
}
