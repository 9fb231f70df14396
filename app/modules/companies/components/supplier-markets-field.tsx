import { X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useHydrated } from '../../../components/use-hydrated'
import { Button } from '../../../components/ui/button'
import { Combobox } from '../../../components/ui/combobox'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { countryName, countryOptions } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'

type MarketsFieldProps = {
  name: string
  label: string
  hint?: string
  locale: string
  defaultValue?: string[]
  errors?: string[] | undefined
}

/**
 * Several countries: pick them from a searchable list and remove them again. The choice travels as
 * one comma-separated field; before JavaScript runs, the same field is a plain text input of codes.
 */
export function SupplierMarketsField({ name, label, hint, locale, defaultValue = [], errors }: MarketsFieldProps) {
  const { t } = useTranslation('suppliers')
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState<string[]>(defaultValue)
  const options = useMemo(() => countryOptions(locale).map((country) => ({ value: country.code, label: country.name, keywords: [country.code] })), [locale])
  const available = options.filter((option) => !chosen.includes(option.value))

  if (!hydrated) {
    return (
      <FormField label={label} hint={hint ?? t('fields.countryCodesHint')} errors={errors}>
        {(control) => <Input name={name} defaultValue={defaultValue.join(', ')} autoCapitalize="characters" {...control} />}
      </FormField>
    )
  }

  return (
    <FormField label={label} hint={hint} errors={errors}>
      {(control) => (
        <div className="flex flex-col gap-2">
          <input type="hidden" name={name} value={chosen.join(',')} />
          <Combobox
            {...control}
            options={available}
            value={null}
            onChange={(option) => setChosen((current) => [...current, option.value])}
            placeholder={t('fields.addCountry')}
            searchLabel={t('fields.searchCountries')}
          />
          {chosen.length ? (
            <ul aria-label={t('fields.chosenCountries', { label })} className="flex flex-wrap gap-2">
              {chosen.map((code) => (
                <li key={code} className="flex items-center gap-1 rounded-md border border-border bg-muted px-2 py-0.5 text-sm">
                  {countryName(code, locale)}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    onClick={() => setChosen((current) => current.filter((other) => other !== code))}
                    aria-label={t('fields.removeCountry', { country: countryName(code, locale) })}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </FormField>
  )
}
