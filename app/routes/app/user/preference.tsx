import { type FormEvent, useMemo, useState } from 'react'
import { Link, useSubmit } from 'react-router'
import { useFieldErrors } from '../../../components/form-error'
import { MoneyFigure, viewMoney } from '../../../components/money'
import { useHydrated } from '../../../components/use-hydrated'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox'
import { FormField } from '../../../components/ui/field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { toast } from '../../../components/ui/toast'
import { type Preferences, PreferencesInput, usePreferences } from '../../../modules/identity/index'
import { createFormatter, CURRENCY_CODES, DATE_STYLES, HOUR_CYCLES } from '../../../platform/format'
import { INTERFACE_LOCALE_ENTRIES, INTERFACE_LOCALES, isInterfaceLocale } from '../../../platform/i18n/interface-locales'
import { LOCALE_ENTRIES, LOCALES, type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { routeLocale, useRootData } from '../../route-helpers'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import type { Route } from './+types/preference'

export async function loader({ params }: Route.LoaderArgs) {
  return pageData(routeLocale(params), 'identity', 'preferencesPage.metaTitle', PAGE_MESSAGES.preferencesPage)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The interface language's choice that follows the product language. */
const AUTO_INTERFACE = 'auto'

// A fixed moment and amount for the preview, so every option shows its effect on the same values.
const PREVIEW_MOMENT = Date.UTC(2026, 2, 1, 15, 4, 5)
const PREVIEW_AMOUNT = '1234567.89'

function deviceTimeZone(): string | null {
  return typeof Intl === 'undefined' ? null : Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** Currency names in the interface language (its BCP 47 tag). */
function useChoices(tag: string) {
  return useMemo(() => {
    const currencyNames = new Intl.DisplayNames(tag, { type: 'currency' })
    const currencies: ComboboxOption[] = CURRENCY_CODES.map((code) => ({ value: code, label: `${code} — ${currencyNames.of(code) ?? code}`, keywords: [code] }))
    const zones: ComboboxOption[] = ['UTC', ...Intl.supportedValuesOf('timeZone')].map((zone) => ({
      value: zone,
      label: zone.replaceAll('_', ' '),
      keywords: zone.split('/'),
    }))
    return { currencies, zones }
  }, [tag])
}

export default function PreferencePage() {
  const { t } = useTranslation('identity')
  const { t: tCommon, i18n } = useTranslation('common')
  const { locale, interfaceLocale, fx } = useRootData()
  const { preferences, error, save } = usePreferences()
  const [draft, setDraft] = useState<Preferences>(preferences)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [saving, setSaving] = useState(false)
  const submit = useSubmit()
  const fieldError = useFieldErrors(fieldErrors)
  const { currencies, zones } = useChoices(i18n.tag)
  const deviceZone = useHydrated() ? deviceTimeZone() : null
  const preview = useMemo(
    () =>
      createFormatter({
        locale: draft.language,
        tag: draft.interface_locale ? INTERFACE_LOCALE_ENTRIES[draft.interface_locale].tag : undefined,
        preferences: { ...draft, timezone: draft.timezone ?? deviceZone ?? 'UTC' },
      }),
    [draft, deviceZone],
  )
  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => setDraft((current) => ({ ...current, [key]: value }))
  const currencyChoice = currencies.find((option) => option.value === draft.currency) ?? null
  const zoneChoice = draft.timezone ? (zones.find((option) => option.value === draft.timezone) ?? null) : null
  const otherCurrency = draft.currency === 'CNY' ? 'USD' : 'CNY'

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = PreferencesInput.safeParse(draft)
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error))
      return
    }
    setFieldErrors({})
    setSaving(true)
    const chosenInterface = parsed.data.interface_locale ?? null
    const saved = await save({ ...parsed.data, interface_locale: chosenInterface })
    setSaving(false)
    if (!saved) return
    void toast.success(t('preferencesPage.saved'))
    if (chosenInterface !== interfaceLocale && parsed.data.language === locale) {
      // Another interface language: texts, formats and the page's direction change, so the page loads again.
      window.location.reload()
    } else if (parsed.data.language !== locale) {
      void submit(
        { locale: parsed.data.language, redirectTo: localizePath(locale, '/app/user/preference') },
        { method: 'post', action: localizePath(locale, '/locale') },
      )
    }
  }

  const styleSelect = (key: 'date_format' | 'time_format', label: string) => (
    <FormField label={label} errors={fieldError(key)}>
      {(control) => (
        <Select name={key} value={draft[key]} onValueChange={(value) => set(key, value as Preferences[typeof key])}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DATE_STYLES.map((style) => (
              <SelectItem key={style} value={style}>
                {t(`preferencesPage.style.${style}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  )

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <Card aria-labelledby="page-title">
        <h1 id="page-title" className="mb-1 text-xl font-semibold">
          {t('preferencesPage.title')}
        </h1>
        <p className="mb-6 text-sm text-muted-foreground">{t('preferencesPage.body')}</p>
        {error ? (
          <Alert tone="error" className="mb-4">
            {error}
          </Alert>
        ) : null}
        {/* Saved through the preferences store (PUT /api/user/profiles, §7); the controls need scripts. */}
        <form onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2" noValidate>
          <FormField label={t('preferencesPage.language')} errors={fieldError('language')}>
            {(control) => (
              <Select name="language" value={draft.language} onValueChange={(value) => set('language', value as Locale)}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {LOCALES.map((code) => (
                    <SelectItem key={code} value={code} lang={LOCALE_ENTRIES[code].code}>
                      {LOCALE_ENTRIES[code].nativeName}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField label={t('preferencesPage.currency')} hint={t('preferencesPage.currencyHint')} errors={fieldError('currency')}>
            {(control) => (
              <Combobox
                {...control}
                name="currency"
                options={currencies}
                value={currencyChoice}
                onChange={(option) => set('currency', option.value)}
                searchLabel={t('preferencesPage.searchCurrency')}
                emptyMessage={t('preferencesPage.noResults')}
              />
            )}
          </FormField>
          <FormField label={t('preferencesPage.timezone')} hint={t('preferencesPage.timezoneHint')} errors={fieldError('timezone')} className="sm:col-span-2">
            {(control) => (
              <Combobox
                {...control}
                name="timezone"
                options={zones}
                value={zoneChoice}
                onChange={(option) => set('timezone', option.value)}
                placeholder={deviceZone ? t('preferencesPage.deviceZone', { zone: deviceZone }) : t('preferencesPage.deviceZoneUnknown')}
                searchLabel={t('preferencesPage.searchTimezone')}
                emptyMessage={t('preferencesPage.noResults')}
              />
            )}
          </FormField>
          <FormField
            label={t('preferencesPage.interfaceLanguage')}
            hint={t('preferencesPage.interfaceLanguageHint')}
            errors={fieldError('interface_locale')}
            className="sm:col-span-2"
          >
            {(control) => (
              <Select
                name="interface_locale"
                value={draft.interface_locale ?? AUTO_INTERFACE}
                onValueChange={(value) => set('interface_locale', isInterfaceLocale(value) ? value : null)}
              >
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={AUTO_INTERFACE}>{t('preferencesPage.interfaceAuto', { language: LOCALE_ENTRIES[draft.language].nativeName })}</SelectItem>
                  {INTERFACE_LOCALES.map((code) => (
                    <SelectItem key={code} value={code} lang={INTERFACE_LOCALE_ENTRIES[code].tag}>
                      {INTERFACE_LOCALE_ENTRIES[code].nativeName}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          {styleSelect('date_format', t('preferencesPage.dateFormat'))}
          {styleSelect('time_format', t('preferencesPage.timeFormat'))}
          <FormField label={t('preferencesPage.hourCycle')} errors={fieldError('hour_cycle')}>
            {(control) => (
              <Select name="hour_cycle" value={draft.hour_cycle} onValueChange={(value) => set('hour_cycle', value as Preferences['hour_cycle'])}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {HOUR_CYCLES.map((cycle) => (
                    <SelectItem key={cycle} value={cycle}>
                      {t(`preferencesPage.cycle.${cycle}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? t('preferencesPage.saving') : t('preferencesPage.save')}
            </Button>
          </div>
        </form>
      </Card>
      <Card aria-labelledby="preview-title" className="h-fit">
        <h2 id="preview-title" className="mb-3 font-semibold">
          {t('preferencesPage.previewTitle')}
        </h2>
        <dl className="grid gap-3 text-sm" data-testid="preferences-preview" aria-live="polite">
          <div>
            <dt className="text-muted-foreground">{t('preferencesPage.previewDate')}</dt>
            <dd data-testid="preview-date">{preview.date(PREVIEW_MOMENT)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('preferencesPage.previewTime')}</dt>
            <dd data-testid="preview-time">{preview.time(PREVIEW_MOMENT)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('preferencesPage.previewAmount')}</dt>
            <dd data-testid="preview-amount">{preview.money(PREVIEW_AMOUNT, draft.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('preferencesPage.previewConverted')}</dt>
            <dd data-testid="preview-converted">
              <MoneyFigure view={viewMoney(preview, tCommon, fx, draft.currency, PREVIEW_AMOUNT, otherCurrency)} />
            </dd>
          </div>
        </dl>
      </Card>
      <Card aria-labelledby="notification-mail-title" className="h-fit">
        <h2 id="notification-mail-title" className="mb-1 font-semibold">
          {t('preferencesPage.notificationMail.title')}
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">{t('preferencesPage.notificationMail.description')}</p>
        <Link to={localizePath(locale, '/app/notifications/settings')} className={buttonClasses('secondary', undefined, 'sm')}>
          {t('preferencesPage.notificationMail.link')}
        </Link>
      </Card>
    </div>
  )
}
