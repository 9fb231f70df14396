import { countryName } from '../../../platform/countries'
import type { Address } from '../address.inputs'

type PostalAddress = Pick<Address, 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country'>

/** The address as an envelope shows it: street lines, then city, region and postal code, then the country. */
export function addressLines(address: PostalAddress, locale: string): string[] {
  const place = [address.city, address.region].filter(Boolean).join(', ')
  const cityLine = [place, address.postalCode].filter(Boolean).join(' ')
  return [address.line1, address.line2, cityLine, countryName(address.country, locale)].filter(Boolean)
}

/** One line for lists and choices: "88 Keyuan Road, Shenzhen 518057, China". */
export function addressSummary(address: PostalAddress, locale: string): string {
  return addressLines(address, locale).join(', ')
}

export function AddressLines({ address, locale, className }: { address: PostalAddress; locale: string; className?: string }) {
  return (
    <address className={className ?? 'text-sm not-italic'}>
      {addressLines(address, locale).map((line, index) => (
        // Lines may repeat (e.g. a city named like its region), so their position is the key.
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}
