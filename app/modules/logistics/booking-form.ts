// The booking page's form as the API's input: flat form fields (`quantities.<order line id>`, `packages.<i>.<field>`,
// `origin.name` …) become the nested BookShipmentInput; empty quantity and package rows are left out.

/** Package rows the form offers (without script, a fixed number). */
export const FORM_PACKAGE_ROWS = 3

const PACKAGE_FIELDS = ['count', 'type', 'grossWeightKg', 'netWeightKg', 'lengthCm', 'widthCm', 'heightCm'] as const

/** The nested booking from the form; validation is BookShipmentInput's. */
export function bookingFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const lines: Array<{ orderId: string; orderLineId: string; quantity: string }> = []
  for (const [name, value] of form) {
    if (!name.startsWith('quantities.') || typeof value !== 'string' || value.trim() === '' || value.trim() === '0') continue
    const orderLineId = name.slice('quantities.'.length)
    lines.push({ orderId: text(`order.${orderLineId}`), orderLineId, quantity: value.trim() })
  }
  const packages = []
  for (let index = 0; index < FORM_PACKAGE_ROWS; index++) {
    const row = Object.fromEntries(PACKAGE_FIELDS.map((field) => [field, text(`packages.${index}.${field}`).trim()]))
    if (!row.count) continue
    packages.push(row)
  }
  return {
    lines,
    mode: text('mode'),
    carrier: text('carrier'),
    trackingNumber: text('trackingNumber'),
    billOfLading: text('billOfLading'),
    airWaybill: text('airWaybill'),
    containerNumbers: text('containerNumbers')
      .split(/[\s,;]+/)
      .filter(Boolean),
    origin: { name: text('origin.name'), country: text('origin.country') },
    destination: { name: text('destination.name'), country: text('destination.country') },
    etd: text('etd'),
    eta: text('eta'),
    packages,
    notes: text('notes'),
    attachmentFileIds: form.getAll('attachmentFileIds').filter((value): value is string => typeof value === 'string' && value !== ''),
  }
}
