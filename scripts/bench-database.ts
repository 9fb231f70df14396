import postgres from 'postgres'

/** Drops and recreates the benchmark's PostgreSQL database named in `databaseUrl` (connecting to `postgres` to do it). */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = url.pathname.slice(1).replace(/"/g, '""')
  url.pathname = '/postgres'
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.unsafe(`create database "${name}"`)
  } finally {
    await admin.end()
  }
}

/** Drops the benchmark's PostgreSQL database named in `databaseUrl`, closing its connections. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = url.pathname.slice(1).replace(/"/g, '""')
  url.pathname = '/postgres'
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
  } finally {
    await admin.end()
  }
}
