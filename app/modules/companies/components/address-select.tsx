import { Link } from 'react-router'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { Address } from '../address.inputs'
import type { AddressType } from '../companies.constants'
import { addressSummary } from './address-lines'

type AddressSelectProps = {
  /** The company's address book (listAddresses); only addresses of `type` are offered when it is given. */
  addresses: Address[]
  type?: AddressType
  /** The form field that carries the chosen address id. */
  name: string
  label: string
  locale: Locale
  /** An address id; without it the type's default is chosen (or nothing, when `required` is false). */
  defaultValue?: string
  required?: boolean
  errors?: string[] | undefined
  onChange?: (address: Address | undefined) => void
}

/**
 * Chooses one of the company's addresses in a form, e.g. the ship-to address of an order. The page
 * must bring the `addresses` catalog in its loader: `messagesFor(locale, '<its namespace>', 'addresses')`.
 */
export function AddressSelect({ addresses, type, name, label, locale, defaultValue, required = true, errors, onChange }: AddressSelectProps) {
  const { t } = useTranslation('addresses')
  const choices = type ? addresses.filter((address) => address.type === type) : addresses
  const preselected = defaultValue ?? (required ? choices.find((address) => address.isDefault)?.id : undefined) ?? ''
  const manage = (
    <Link className="text-primary underline" to={localizePath(locale, '/app/settings/address')}>
      {t('select.manage')}
    </Link>
  )
  return (
    <FormField
      label={label}
      errors={errors}
      hint={
        choices.length === 0 ? (
          <>
            {t('select.empty')} {manage}
          </>
        ) : (
          manage
        )
      }
    >
      {(control) => (
        <NativeSelect
          name={name}
          defaultValue={preselected}
          required={required}
          disabled={choices.length === 0}
          onChange={(event) => onChange?.(choices.find((address) => address.id === event.target.value))}
          {...control}
        >
          {required && choices.length > 0 ? null : <option value="">{t('select.none')}</option>}
          {choices.map((address) => (
            <option key={address.id} value={address.id}>
              {t(address.isDefault ? 'select.optionDefault' : 'select.option', { label: address.label, summary: addressSummary(address, locale) })}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
}
