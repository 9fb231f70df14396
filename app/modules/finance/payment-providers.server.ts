// The payment providers behind one interface (issue 21): bank transfer is the offline default (the buyer transfers to
// the platform's account quoting the payment's reference; a platform admin matches the bank statement), Stripe takes
// cards when STRIPE_SECRET_KEY is set (its adapter: stripe-provider.server.ts).
import { randomInt } from 'node:crypto'
import { env } from '../../platform/env.server'
import type { PaymentProviderName } from './finance.constants'

/** What a provider is told of a payment it is to collect. */
export type CollectRequest = {
  paymentId: string
  number: string
  amountMinor: bigint
  currency: string
  description: string
  /** Where the buyer comes back to after paying (or giving up), absolute. */
  returnUrl: string
}

/** A refund the provider is to send back to where the payment came from. */
export type RefundRequest = { refundId: string; paymentProviderRef: string | null; amountMinor: bigint; currency: string }

export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** Starts collecting: the provider's id of the payment and where the buyer pays (null: pay by the instructions shown). */
  collect(request: CollectRequest): Promise<{ providerRef: string | null; checkoutUrl: string | null }>
  /** Sends a refund; `sent` false when a person still has to send it (bank transfer: a platform admin marks it sent). */
  refund(request: RefundRequest): Promise<{ providerRef: string | null; sent: boolean }>
}

/** The platform's account buyers transfer to, as shown beside each payment's reference. */
export type BankDetails = { holder: string; bank: string; iban: string; bic: string }

export function platformBankDetails(): BankDetails {
  const config = env()
  return { holder: config.FINANCE_BANK_HOLDER, bank: config.FINANCE_BANK_NAME, iban: config.FINANCE_BANK_IBAN, bic: config.FINANCE_BANK_BIC }
}

// Crockford's base 32 without I, L, O and U: a reference read over the phone or typed from paper is not misread.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A payment's bank reference, e.g. `TP-7KQ4-M2XD-9B`: 12 random characters (60 bits), quoted by the buyer in the transfer. */
export function newPaymentReference(): string {
  const characters = Array.from({ length: 10 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')
  return `TP-${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`
}

/** The references a bank statement line quotes (anywhere in its text, any case, with or without dashes). */
export function referencesIn(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.toUpperCase().matchAll(/TP-?([0-9A-Z]{4})-?([0-9A-Z]{4})-?([0-9A-Z]{2})(?![0-9A-Z])/g))
    found.add(`TP-${match[1]}-${match[2]}-${match[3]}`)
  return [...found]
}

export const bankTransferProvider: PaymentProvider = {
  name: 'bank_transfer',
  async collect() {
    return { providerRef: null, checkoutUrl: null }
  },
  async refund() {
    return { providerRef: null, sent: false }
  },
}

type ProviderFactory = () => PaymentProvider
const factories = new Map<PaymentProviderName, ProviderFactory>([['bank_transfer', () => bankTransferProvider]])

/** The Stripe adapter registers itself here when it loads (it needs the SDK, loaded only where it is configured). */
export function registerPaymentProvider(name: PaymentProviderName, factory: ProviderFactory): void {
  factories.set(name, factory)
}

/** The providers a buyer may choose now: bank transfer always, Stripe when configured. */
export function availableProviders(): PaymentProviderName[] {
  return env().STRIPE_SECRET_KEY && factories.has('stripe') ? ['bank_transfer', 'stripe'] : ['bank_transfer']
}

export function paymentProvider(name: PaymentProviderName): PaymentProvider {
  const factory = factories.get(name)
  if (!factory) throw new Error(`Payment provider ${name} is not available`)
  return factory()
}
