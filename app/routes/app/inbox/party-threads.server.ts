import type { ThreadTarget } from '../../../modules/messaging/index'
import type { ServiceContext } from '../../../platform/actor'
import { threadEntry } from './entry-points.server'

/** The conversation entries of several parties of a record (those the caller may not talk to are left out). */
export async function partyThreads(ctx: ServiceContext, parties: Array<{ id: string; name: string; target: ThreadTarget }>) {
  const entries = await Promise.all(parties.map(async (party) => ({ id: party.id, name: party.name, entry: await threadEntry(ctx, party.target) })))
  return entries.flatMap((party) => (party.entry ? [{ id: party.id, name: party.name, entry: party.entry }] : []))
}
