// Pure arithmetic of shipments: package totals and the ETA slip.
import Decimal from 'decimal.js'
import type { ShipmentPackage } from './logistics.constants'

export type PackageTotals = { packageCount: number; grossWeightKg: string; netWeightKg: string; volumeM3: string }

/** Count, weights (kg, 3 decimals) and volume (m³ from the outer dimensions in cm, 4 decimals) of all packages. */
export function packageTotals(packages: readonly ShipmentPackage[]): PackageTotals {
  let count = 0
  let gross = new Decimal(0)
  let net = new Decimal(0)
  let volume = new Decimal(0)
  for (const item of packages) {
    count += item.count
    gross = gross.plus(new Decimal(item.grossWeightKg).times(item.count))
    net = net.plus(new Decimal(item.netWeightKg).times(item.count))
    volume = volume.plus(new Decimal(item.lengthCm).times(item.widthCm).times(item.heightCm).times(item.count).dividedBy(1_000_000))
  }
  return { packageCount: count, grossWeightKg: gross.toFixed(3), netWeightKg: net.toFixed(3), volumeM3: volume.toFixed(4) }
}

const DAY_MS = 86_400_000
const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS)

/** Days between two ISO dates (`to − from`). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from)

/**
 * Whether a new ETA is worth an alert: it is later than the first promise by more than `thresholdDays`, and later
 * than the ETA last alerted about (one alert per slip, not one per event repeating it).
 */
export function etaSlipped(firstEta: string, newEta: string, lastAlertedEta: string | null, thresholdDays: number): boolean {
  if (daysBetween(firstEta, newEta) <= thresholdDays) return false
  return lastAlertedEta === null || daysBetween(lastAlertedEta, newEta) > 0
}

/** Whether a live shipment is late today: its ETA passed, or it moved beyond the first promise. */
export function isDelayed(shipment: { status: string; eta: string; firstEta: string }, today: string): boolean {
  if (shipment.status === 'delivered') return false
  return daysBetween(shipment.eta, today) > 0 || daysBetween(shipment.firstEta, shipment.eta) > 0
}

/** The ISO date `days` after `isoDate` (before, when negative). */
export const addDays = (isoDate: string, days: number): string => new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10)

/** The days "arriving this week" covers: today and the six after it. */
export const arrivingWeek = (today: string): { from: string; to: string } => ({ from: today, to: addDays(today, 6) })

/** The first day of the twelve months of deliveries that on-time rates count (the same day a year ago). */
export function yearBefore(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  // 29 February a year back is 28 February.
  const date = new Date(Date.UTC(year - 1, month - 1, Math.min(day, month === 2 ? 28 : day)))
  return date.toISOString().slice(0, 10)
}

/** The share of deliveries on time, or null with none delivered (no rate rather than 0 %). */
export const onTimeRate = (delivered: number, onTime: number): number | null => (delivered === 0 ? null : onTime / delivered)
