// What every write of a shipment shares: the shipment locked for the actor's side, the other parties' notices, and
// the live signal to every party's open pages after commit.
import { eq } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, recordEvent } from '../../platform/outbox/outbox.server'
import { type Notice, recordNotice } from '../companies/index.server'
import type { NotificationKindIn } from '../kernel/index.server'
import type { ShipmentRole } from './shipment.inputs'
import { shipments } from './logistics.tables.server'

export type ShipmentRow = typeof shipments.$inferSelect

export const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** Whose shipment it is, for the company: shipper, buyer or carrier (null: none of its business). */
export function roleOf(shipment: Pick<ShipmentRow, 'shipperCompanyId' | 'buyerCompanyId' | 'carrierCompanyId'>, companyId: string): ShipmentRole | null {
  if (shipment.shipperCompanyId === companyId) return 'shipper'
  if (shipment.carrierCompanyId === companyId) return 'carrier'
  if (shipment.buyerCompanyId === companyId) return 'buyer'
  return null
}

/** The shipment, locked for update, when the company is a party; not found otherwise (no hint it exists). */
export async function lockShipment(tx: Transaction, companyId: string, id: string): Promise<{ shipment: ShipmentRow; role: ShipmentRole }> {
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update')
  const role = shipment ? roleOf(shipment, companyId) : null
  if (!shipment || !role) throw new AppError('not_found', 'Shipment not found')
  return { shipment, role }
}

/** The path of a shipment's page (without locale). */
export const shipmentLink = (id: string) => `/app/shipments/tracking?id=${encodeURIComponent(id)}`

const partyIds = (shipment: ShipmentRow) =>
  [shipment.shipperCompanyId, shipment.buyerCompanyId, shipment.carrierCompanyId].filter((id): id is string => id !== null)

/**
 * Tells every party but the acting company (in-app now, mail after commit through the outbox). `actorCompanyId` null
 * (a carrier's webhook, the provider poll): every party hears it.
 */
export async function notifyParties(
  tx: Transaction,
  shipment: ShipmentRow,
  actor: { companyId: string | null; userId: string | null },
  kind: NotificationKindIn<'shipment'>,
  params: Record<string, string>,
  notices: Notice[],
): Promise<void> {
  for (const companyId of new Set(partyIds(shipment))) {
    if (companyId === actor.companyId) continue
    const notice: Notice = {
      companyId,
      exceptUserId: actor.userId,
      kind: `shipment.${kind}`,
      params: { number: shipment.number, company: shipment.shipperName, ...params },
      link: shipmentLink(shipment.id),
    }
    await recordNotice(tx, notice)
    notices.push(notice)
  }
}

/** The shipment's business event, in its transaction: every party's open pages hear that it changed; notices go out after commit. */
export function recordShipmentEvent(
  tx: Transaction,
  shipment: ShipmentRow,
  action: string,
  notices: Notice[],
  actorUserId?: string | null,
): Promise<OutboxEventId> {
  return recordEvent(tx, {
    name: `shipment.${action}`,
    changes: [{ companyIds: partyIds(shipment), entity: 'shipment', id: shipment.id, action }],
    notices,
    ...(actorUserId === undefined ? {} : { actorUserId }),
  })
}
