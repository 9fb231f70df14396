import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { auth } from '../../app/modules/identity/index.server'
import { users } from '../../app/modules/identity/identity.tables.server'
import { database } from '../../app/platform/db/index.server'

export type UserFactoryInput = {
  name?: string
  email?: string
  phoneNumber?: string | null
  password?: string
  emailVerified?: boolean
  phoneNumberVerified?: boolean
  role?: 'admin' | 'user'
}

export const DEFAULT_TEST_PASSWORD = 'Quartz-Meadow-Lantern-59'

/** Creates a user with a password credential directly (no mail is sent), for seeds and tests. */
export async function createUser(input: UserFactoryInput = {}) {
  const context = await auth().$context
  const email = (input.email ?? `user-${randomUUID().slice(0, 8)}@example.test`).toLowerCase()
  const user = await context.internalAdapter.createUser(
    {
      name: input.name ?? 'Test User',
      email,
      emailVerified: input.emailVerified ?? true,
      ...(input.phoneNumber ? { phoneNumber: input.phoneNumber, phoneNumberVerified: input.phoneNumberVerified ?? false } : {}),
    },
    { method: 'admin' },
  )
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(input.password ?? DEFAULT_TEST_PASSWORD),
  })
  if (input.role === 'admin') await database().update(users).set({ role: 'admin' }).where(eq(users.id, user.id))
  return { ...user, password: input.password ?? DEFAULT_TEST_PASSWORD, role: input.role ?? 'user' }
}
