import { Phone, User } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { Address } from '../address.inputs'
import { AddressLines } from './address-lines'

type AddressCardProps = {
  address: Address
  locale: string
  /** Buttons for what the reader may do with it (edit, set as default, delete). */
  actions?: ReactNode
}

export const addressHeadingId = (addressId: string) => `address-${addressId}-title`

/** One address of the book: its label, a badge when it is its type's default, the lines, who receives it. */
export function AddressCard({ address, locale, actions }: AddressCardProps) {
  const { t } = useTranslation('addresses')
  const headingId = addressHeadingId(address.id)
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm"
      data-testid="address-card"
    >
      <div className="flex items-start justify-between gap-2">
        {/* Focusable from script: focus lands here after the address moved or became the default. */}
        <h3 id={headingId} tabIndex={-1} className="font-semibold break-words outline-none">
          {address.label}
        </h3>
        {address.isDefault ? <Badge>{t('card.default')}</Badge> : null}
      </div>
      <AddressLines address={address} locale={locale} />
      {address.recipient || address.phone ? (
        <dl className="flex flex-col gap-1 text-sm text-muted-foreground">
          {address.recipient ? (
            <div className="flex items-center gap-2">
              <dt>
                <User aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('fields.recipient')}</span>
              </dt>
              <dd>{address.recipient}</dd>
            </div>
          ) : null}
          {address.phone ? (
            <div className="flex items-center gap-2">
              <dt>
                <Phone aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('fields.phone')}</span>
              </dt>
              <dd>
                <a className="hover:underline" href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}>
                  {address.phone}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div> : null}
    </article>
  )
}
