import type { Context } from 'hono'
import { serviceContext } from '../../platform/api/caller.server'
import { requireCompany } from './policies'

/** The API caller as a member of a company, refused (403 company_required) before its body is read when it has none. */
export async function companyServiceContext(c: Context) {
  const ctx = await serviceContext(c)
  requireCompany(ctx.actor)
  return ctx
}
