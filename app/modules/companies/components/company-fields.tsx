import { FormField, Field } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { countryOptions } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import { COMPANY_SIZES } from '../companies.constants'

export type CompanyFieldValues = {
  legalName?: string
  displayName?: string
  country?: string
  city?: string
  website?: string | null
  size?: string | null
  yearFounded?: number | null
  mainProducts?: string[]
  mainMarkets?: string[]
}

/** Who the company is: shared by onboarding and the settings page, so both validate the same way. */
export function CompanyFields({
  values = {},
  locale,
  errors,
  supplyingOnly,
}: {
  values?: CompanyFieldValues
  locale: string
  errors: (field: string) => string[] | undefined
  supplyingOnly?: string
}) {
  const { t } = useTranslation('companies')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('fields.legalName')}
        name="legalName"
        defaultValue={values.legalName}
        required
        maxLength={200}
        autoComplete="organization"
        errors={errors('legalName')}
      />
      <Field
        label={t('fields.displayName')}
        name="displayName"
        defaultValue={values.displayName}
        required
        maxLength={120}
        hint={t('fields.displayNameHint')}
        errors={errors('displayName')}
      />
      <FormField label={t('fields.country')} errors={errors('country')}>
        {(control) => (
          <NativeSelect name="country" defaultValue={values.country ?? ''} required {...control}>
            <option value="" disabled>
              {t('fields.chooseCountry')}
            </option>
            {countryOptions(locale).map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Field label={t('fields.city')} name="city" defaultValue={values.city} maxLength={120} autoComplete="address-level2" errors={errors('city')} />
      <Field
        label={t('fields.website')}
        name="website"
        defaultValue={values.website ?? ''}
        type="url"
        inputMode="url"
        maxLength={200}
        errors={errors('website')}
      />
      <FormField label={t('fields.size')} errors={errors('size')}>
        {(control) => (
          <NativeSelect name="size" defaultValue={values.size ?? ''} {...control}>
            <option value="">{t('fields.sizeUnknown')}</option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>
                {t('fields.sizeOption', { size })}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Field
        label={t('fields.yearFounded')}
        name="yearFounded"
        defaultValue={values.yearFounded ?? ''}
        type="number"
        inputMode="numeric"
        min={1800}
        max={new Date().getFullYear()}
        errors={errors('yearFounded')}
      />
      <div className="hidden sm:block" />
      {/* What a supplier sells and where: onboarding shows these only for supplying kinds (supplyingOnly). */}
      <div
        className={supplyingOnly ? `${supplyingOnly} gap-4 sm:col-span-2 sm:grid-cols-2` : 'grid gap-4 sm:col-span-2 sm:grid-cols-2'}
        data-kind-only={supplyingOnly ? 'supplying' : undefined}
      >
        <Field
          label={t('fields.mainProducts')}
          name="mainProducts"
          defaultValue={values.mainProducts?.join(', ')}
          hint={t('fields.listHint')}
          errors={errors('mainProducts')}
        />
        <Field
          label={t('fields.mainMarkets')}
          name="mainMarkets"
          defaultValue={values.mainMarkets?.join(', ')}
          hint={t('fields.listHint')}
          errors={errors('mainMarkets')}
        />
      </div>
    </div>
  )
}
