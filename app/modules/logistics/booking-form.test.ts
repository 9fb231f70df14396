import { describe, expect, it } from 'vitest'
import { bookingFromForm } from './booking-form'
import { BookShipmentInput } from './shipment.inputs'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

const base = {
  mode: 'sea_lcl',
  'origin.name': 'Ningbo',
  'origin.country': 'cn',
  'destination.name': 'Rotterdam',
  'destination.country': 'NL',
  etd: '2026-12-10',
  eta: '2027-01-14',
}

describe('bookingFromForm', () => {
  it('keeps the lines with a quantity, each with its order', () => {
    const booking = bookingFromForm(
      form({ ...base, 'quantities.l1': '60', 'order.l1': 'o1', 'quantities.l2': '', 'order.l2': 'o1', 'quantities.l3': '0', 'order.l3': 'o2' }),
    )
    expect(booking.lines).toEqual([{ orderId: 'o1', orderLineId: 'l1', quantity: '60' }])
    const parsed = BookShipmentInput.parse(booking)
    expect(parsed.origin).toEqual({ name: 'Ningbo', country: 'CN' })
    expect(parsed.lines[0]!.quantity).toBe(60)
  })

  it('reads containers separated by spaces or commas and skips empty package rows', () => {
    const booking = bookingFromForm(
      form({
        ...base,
        'quantities.l1': '1',
        'order.l1': 'o1',
        containerNumbers: 'CSNU1234567, TGHU7654321\nMSCU1111111',
        'packages.0.count': '2',
        'packages.0.type': 'pallet',
        'packages.0.grossWeightKg': '420.5',
        'packages.0.netWeightKg': '400',
        'packages.0.lengthCm': '120',
        'packages.0.widthCm': '80',
        'packages.0.heightCm': '150',
      }),
    )
    expect(booking.containerNumbers).toEqual(['CSNU1234567', 'TGHU7654321', 'MSCU1111111'])
    expect(BookShipmentInput.parse(booking).packages).toHaveLength(1)
  })

  it('refuses an ETA before the ETD and a net weight over the gross', () => {
    const result = BookShipmentInput.safeParse(
      bookingFromForm(
        form({
          ...base,
          eta: '2026-12-01',
          'quantities.l1': '1',
          'order.l1': 'o1',
          'packages.0.count': '1',
          'packages.0.type': 'carton',
          'packages.0.grossWeightKg': '10',
          'packages.0.netWeightKg': '12',
          'packages.0.lengthCm': '10',
          'packages.0.widthCm': '10',
          'packages.0.heightCm': '10',
        }),
      ),
    )
    expect(result.success).toBe(false)
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)
    expect(messages).toContain('eta:validation.etaBeforeEtd')
    expect(messages).toContain('packages.0.netWeightKg:validation.netOverGross')
  })
})
