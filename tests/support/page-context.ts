import { randomUUID } from 'node:crypto'
import { RouterContextProvider } from 'react-router'
import { companiesContext } from '../../app/modules/companies/index'
import { companyContextOf } from '../../app/modules/companies/index.server'
import { clientSessionContext, type ClientSession } from '../../app/modules/identity/index'
import { requestInfoContext } from '../../app/platform/request-info'

type Member = { user: { id: string; name: string; email: string } }

/** The router context a signed-in member's page request carries (what the auth and companies middleware put there). */
export async function memberPageContext(member: Member): Promise<RouterContextProvider> {
  const sessionId = `session-${randomUUID()}`
  const session: ClientSession = {
    sessionId,
    aal: 'aal1',
    user: {
      id: member.user.id,
      name: member.user.name,
      email: member.user.email,
      emailVerified: true,
      phoneNumber: null,
      phoneNumberVerified: false,
      role: 'user',
      twoFactorEnabled: false,
      updatedAt: Date.now(),
    },
  }
  const context = new RouterContextProvider()
  context.set(clientSessionContext, session)
  context.set(companiesContext, await companyContextOf(member.user.id, sessionId))
  context.set(requestInfoContext, { requestId: randomUUID(), nonce: '', clientIp: '127.0.0.1', faultInjection: null, rejectedInput: null })
  return context
}
