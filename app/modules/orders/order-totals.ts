import DecimalBase from 'decimal.js'
import { lineTotal, priceFor, roundToCurrency, type PriceBreak } from '../catalog/index'

const Decimal = DecimalBase.clone({ precision: 40 })

/** A catalogue product as pricing needs it. */
export type PricedProduct = { id: string; sku: string; name: string; unit: string; moq: number; breaks: PriceBreak[] }

/** A line as the buyer wrote it: a product and a quantity, or free text with its own price. */
export type LineRequest = {
  productId?: string | undefined
  description?: string | undefined
  unit?: string | undefined
  unitPrice?: string | undefined
  quantity: number
}

export type PricedLine = { productId: string | null; sku: string; description: string; unit: string; quantity: number; unitPrice: string; lineTotal: string }

/** Why a line cannot be priced, as a field message key. */
export type LineProblem = 'validation.product' | 'validation.belowMoq' | 'validation.noPrice' | 'validation.noPriceList'

/**
 * Prices one line in `currency`: a catalogue line at the supplier's quantity break for its quantity (the MOQ enforced),
 * a free-text line at the buyer's own price. Exact decimals; the total rounded to the currency's minor units.
 */
export function priceLine(
  line: LineRequest,
  currency: string,
  product: PricedProduct | undefined,
  hasPriceList: boolean,
): PricedLine | { field: 'productId' | 'quantity'; problem: LineProblem } {
  if (line.productId) {
    if (!product) return { field: 'productId', problem: 'validation.product' }
    if (!hasPriceList) return { field: 'productId', problem: 'validation.noPriceList' }
    if (line.quantity < product.moq) return { field: 'quantity', problem: 'validation.belowMoq' }
    const price = priceFor(product.breaks, line.quantity, currency)
    if (!price) return { field: 'quantity', problem: 'validation.noPrice' }
    return {
      productId: product.id,
      sku: product.sku,
      description: product.name,
      unit: product.unit,
      quantity: line.quantity,
      unitPrice: price.unitPrice,
      lineTotal: price.total,
    }
  }
  const unitPrice = line.unitPrice ?? '0'
  return {
    productId: null,
    sku: '',
    description: line.description ?? '',
    unit: line.unit ?? 'pcs',
    quantity: line.quantity,
    unitPrice,
    lineTotal: lineTotal(line.quantity, unitPrice, currency),
  }
}

/** The sum of line totals in the currency's minor units. */
export function orderTotal(lines: ReadonlyArray<{ lineTotal: string }>, currency: string): string {
  return roundToCurrency(lines.reduce((sum, line) => sum.plus(line.lineTotal), new Decimal(0)).toString(), currency)
}

/** Quantities still to ship on a line. */
export const remainingToShip = (line: { quantity: number; shippedQuantity: number }) => line.quantity - line.shippedQuantity
