import { randomUUID } from 'node:crypto'
import { Landmark, Pencil, Plus, Star } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { Field, FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { requireActor } from '../../../modules/companies/index.server'
import {
  BANK_ACCOUNT_SCHEMES,
  type BankAccountScheme,
  type BankAccountStatus,
  BankAccountInput,
  EditBankAccountInput,
  FINANCE_PAGES,
  FinanceSettingsInput,
  MAX_BANK_ACCOUNTS,
  PAYOUT_SCHEDULES,
} from '../../../modules/finance/index'
import {
  addBankAccount,
  archiveBankAccount,
  editBankAccount,
  getFinanceSettings,
  listBankAccounts,
  setDefaultBankAccount,
  updateFinanceSettings,
} from '../../../modules/finance/index.server'
import { countryOptions } from '../../../platform/countries'
import { CURRENCY_CODES } from '../../../platform/format/currency-codes'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/settings'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [accounts, settings] = await withRouteErrors(() => Promise.all([listBankAccounts(ctx), getFinanceSettings(ctx)]))
  return {
    ...pageData(ctx.locale, 'financeSetup', 'meta.settingsTitle', PAGE_MESSAGES.financeSettings),
    accounts: accounts.map((account) => ({ ...account, createdAt: account.createdAt.toISOString(), updatedAt: account.updatedAt.toISOString() })),
    settings: { ...settings, updatedAt: settings.updatedAt?.toISOString() ?? null },
    // Revalidated after each account added, so the next one gets a key of its own.
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  try {
    if (intent === 'add-account') {
      const parsed = parseForm(BankAccountInput, form)
      if (!parsed.ok) return failure(parsed)
      await addBankAccount(ctx, parsed.data, idempotencyOfForm(form))
    } else if (intent === 'edit-account') {
      const parsed = parseForm(EditBankAccountInput, form)
      if (!parsed.ok) return failure(parsed)
      await editBankAccount(ctx, id, parsed.data)
    } else if (intent === 'set-default') await setDefaultBankAccount(ctx, id)
    else if (intent === 'archive') await archiveBankAccount(ctx, id)
    else if (intent === 'save-settings') {
      const parsed = parseForm(FinanceSettingsInput, form, ['requireTwoFactor'])
      if (!parsed.ok) return failure(parsed)
      await updateFinanceSettings(ctx, parsed.data)
    } else return failure({ ok: false, fieldErrors: {} }, 400)
    return { ok: true as const, intent }
  } catch (error) {
    return failureFromError(error)
  }
}

type Account = Route.ComponentProps['loaderData']['accounts'][number]
type Editing = { kind: 'new' } | { kind: 'edit'; account: Account }

const STATUS_BADGE: Record<BankAccountStatus, BadgeVariant> = { pending: 'pending', verified: 'accept', rejected: 'reject' }

export default function FinanceSettings({ loaderData }: Route.ComponentProps) {
  const { accounts, settings, idempotencyKey } = loaderData
  const { t } = useTranslation('financeSetup')
  const { locale } = useRootData()
  const [editing, setEditing] = useState<Editing | null>(null)
  const canManage = settings.canEdit
  const full = accounts.length >= MAX_BANK_ACCOUNTS
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('meta.settingsTitle')}</h1>
        <Link to={localizePath(locale, FINANCE_PAGES.onboarding)} className="text-sm text-primary underline">
          {t('preferences.onboardingLink')}
        </Link>
      </div>
      {canManage ? null : <Alert tone="info">{t('bankAccounts.readOnly')}</Alert>}
      <Card aria-labelledby="bank-accounts-title">
        <CardHeader className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle id="bank-accounts-title">{t('bankAccounts.title')}</CardTitle>
            <CardDescription>{t('bankAccounts.description')}</CardDescription>
          </div>
          {canManage ? (
            <Button variant="secondary" onClick={() => setEditing({ kind: 'new' })} disabled={editing?.kind === 'new' || full}>
              <Plus aria-hidden="true" />
              {t('bankAccounts.add')}
            </Button>
          ) : null}
        </CardHeader>
        {canManage && full ? (
          <Alert tone="warning" className="mb-4">
            {t('bankAccounts.limit', { max: MAX_BANK_ACCOUNTS })}
          </Alert>
        ) : null}
        {editing?.kind === 'new' ? <BankAccountForm idempotencyKey={idempotencyKey} onDone={() => setEditing(null)} /> : null}
        {accounts.length === 0 && editing?.kind !== 'new' ? (
          <EmptyState icon={Landmark} title={t('bankAccounts.empty')} description={canManage ? t('bankAccounts.emptyAdmin') : t('bankAccounts.emptyMember')} />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {accounts.map((account) =>
              editing?.kind === 'edit' && editing.account.id === account.id ? (
                <li key={account.id} className="py-4">
                  <BankAccountForm account={account} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <BankAccountRow key={account.id} account={account} canManage={canManage} onEdit={() => setEditing({ kind: 'edit', account })} />
              ),
            )}
          </ul>
        )}
      </Card>
      <PreferencesForm settings={settings} />
    </div>
  )
}

function BankAccountRow({ account, canManage, onEdit }: { account: Account; canManage: boolean; onEdit: () => void }) {
  const { t } = useTranslation('financeSetup')
  const fetcher = useFetcher<typeof action>()
  const headingId = `bank-account-${account.id}`
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between" aria-labelledby={headingId}>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-medium break-all">
            {account.label}
          </h3>
          <Badge variant={STATUS_BADGE[account.status]}>{t(`bankStatus.${account.status}`)}</Badge>
          {account.isDefault ? <Badge variant="secondary">{t('bankAccounts.default')}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground break-words">
          {account.holderName} · {account.currency} · {t(`schemes.${account.scheme}`)} · {account.accountNumber ?? account.maskedNumber}
        </p>
        {account.status === 'rejected' && account.reviewNote ? (
          <p className="text-sm text-destructive">{t('bankAccounts.rejectedBecause', { reason: account.reviewNote })}</p>
        ) : null}
      </div>
      {canManage ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('bankAccounts.actionsFor', { label: account.label })}>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            {t('bankAccounts.edit')}
          </Button>
          {account.isDefault ? null : (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="set-default" />
              <input type="hidden" name="id" value={account.id} />
              <Button type="submit" size="sm" variant="ghost" disabled={fetcher.state !== 'idle'}>
                <Star aria-hidden="true" />
                {t('bankAccounts.setDefault')}
              </Button>
            </fetcher.Form>
          )}
          <ConfirmDialog
            triggerLabel={t('bankAccounts.archive')}
            title={t('bankAccounts.archiveTitle', { label: account.label })}
            description={t('bankAccounts.archiveDescription')}
            confirmLabel={t('bankAccounts.archiveConfirm')}
          >
            <input type="hidden" name="intent" value="archive" />
            <input type="hidden" name="id" value={account.id} />
          </ConfirmDialog>
        </div>
      ) : null}
    </li>
  )
}

/** The codes each scheme asks for, beside the account number. */
const SCHEME_FIELDS: Record<BankAccountScheme, { number: 'iban' | 'accountNumber'; bic: boolean; routing: 'abaRouting' | 'cnaps' | null; country: boolean }> = {
  iban: { number: 'iban', bic: true, routing: null, country: false },
  us_aba: { number: 'accountNumber', bic: false, routing: 'abaRouting', country: false },
  cn_cnaps: { number: 'accountNumber', bic: false, routing: 'cnaps', country: false },
  swift: { number: 'accountNumber', bic: true, routing: null, country: true },
}

function BankAccountForm({ account, idempotencyKey, onDone }: { account?: Account; idempotencyKey?: string; onDone: () => void }) {
  const { t } = useTranslation('financeSetup')
  const { locale } = useRootData()
  const fetcher = useFetcher<typeof action>()
  const [scheme, setScheme] = useState<BankAccountScheme>(account?.scheme ?? 'iban')
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors, 'financeSetup')
  const fields = SCHEME_FIELDS[scheme]
  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true

  useEffect(() => {
    if (!saved) return
    void toast.success(account ? t('bankAccounts.saved') : t('bankAccounts.created'))
    onDone()
  }, [saved, account, onDone, t])

  const titleId = account ? `edit-account-${account.id}` : 'new-account-title'
  return (
    <fetcher.Form method="post" noValidate className="mb-4 flex flex-col gap-4 rounded-md border border-border p-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-medium">
        {account ? t('bankAccounts.editTitle', { label: account.label }) : t('bankAccounts.addTitle')}
      </h3>
      <FormError error={failed?.formError} />
      <input type="hidden" name="intent" value={account ? 'edit-account' : 'add-account'} />
      {account ? (
        <>
          <input type="hidden" name="id" value={account.id} />
          <input type="hidden" name="version" value={account.version} />
        </>
      ) : (
        <IdempotencyField value={idempotencyKey} />
      )}
      {account ? <p className="text-sm text-muted-foreground">{t('bankAccounts.rereviewNote')}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.scheme')} errors={fieldError('scheme')}>
          {(control) => (
            <NativeSelect name="scheme" value={scheme} onChange={(event) => setScheme(event.target.value as BankAccountScheme)} {...control}>
              {BANK_ACCOUNT_SCHEMES.map((option) => (
                <option key={option} value={option}>
                  {t(`schemes.${option}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('fields.currency')} errors={fieldError('currency')}>
          {(control) => (
            <NativeSelect name="currency" defaultValue={account?.currency ?? 'USD'} {...control}>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Field label={t('fields.holderName')} name="holderName" defaultValue={account?.holderName} errors={fieldError('holderName')} autoComplete="off" />
        <Field label={t('fields.bankName')} name="bankName" defaultValue={account?.bankName} errors={fieldError('bankName')} autoComplete="off" />
        <Field
          label={t(`fields.${fields.number}`)}
          name="accountNumber"
          defaultValue={account?.accountNumber ?? ''}
          errors={fieldError('accountNumber')}
          autoComplete="off"
          spellCheck={false}
        />
        {fields.bic ? (
          <Field label={t('fields.bic')} name="bic" defaultValue={account?.bic} errors={fieldError('bic')} autoComplete="off" spellCheck={false} />
        ) : null}
        {fields.routing ? (
          <Field
            label={t(`fields.${fields.routing}`)}
            name="routingCode"
            inputMode="numeric"
            defaultValue={account?.routingCode}
            errors={fieldError('routingCode')}
            autoComplete="off"
          />
        ) : null}
        {fields.country ? (
          <FormField label={t('fields.country')} errors={fieldError('country')}>
            {(control) => (
              <NativeSelect name="country" defaultValue={account?.country ?? ''} {...control}>
                <option value="">{t('fields.chooseCountry')}</option>
                {countryOptions(locale).map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? t('bankAccounts.saving') : t('bankAccounts.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('bankAccounts.cancel')}
        </Button>
      </div>
    </fetcher.Form>
  )
}

function PreferencesForm({ settings }: { settings: Route.ComponentProps['loaderData']['settings'] }) {
  const { t } = useTranslation('financeSetup')
  const fetcher = useFetcher<typeof action>()
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors, 'financeSetup')
  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true

  useEffect(() => {
    if (saved) void toast.success(t('preferences.saved'))
  }, [saved, t])

  return (
    <Card aria-labelledby="preferences-title">
      <CardHeader>
        <CardTitle id="preferences-title">{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
        <FormError error={failed?.formError} />
        <input type="hidden" name="intent" value="save-settings" />
        <input type="hidden" name="version" value={settings.version} />
        <fieldset disabled={!settings.canEdit} className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('preferences.defaultCurrency')} errors={fieldError('defaultCurrency')}>
            {(control) => (
              <NativeSelect name="defaultCurrency" defaultValue={settings.defaultCurrency} {...control}>
                {CURRENCY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('preferences.payoutSchedule')} errors={fieldError('payoutSchedule')}>
            {(control) => (
              <NativeSelect name="payoutSchedule" defaultValue={settings.payoutSchedule} {...control}>
                {PAYOUT_SCHEDULES.map((schedule) => (
                  <option key={schedule} value={schedule}>
                    {t(`preferences.schedules.${schedule}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <Checkbox
              name="requireTwoFactor"
              label={t('preferences.requireTwoFactor')}
              defaultChecked={settings.requireTwoFactor}
              aria-describedby="require-two-factor-hint"
            />
            <p id="require-two-factor-hint" className="text-xs text-muted-foreground">
              {t('preferences.requireTwoFactorHint')}
            </p>
            {fieldError('requireTwoFactor')?.map((message) => (
              <p key={message} className="text-xs text-destructive" role="alert">
                {message}
              </p>
            ))}
          </div>
          <Field
            label={t('preferences.invoiceLegalName')}
            name="invoiceLegalName"
            defaultValue={settings.invoiceLegalName}
            errors={fieldError('invoiceLegalName')}
          />
          <Field label={t('preferences.invoiceTaxId')} name="invoiceTaxId" defaultValue={settings.invoiceTaxId} errors={fieldError('invoiceTaxId')} />
          <FormField label={t('preferences.invoiceAddress')} errors={fieldError('invoiceAddress')} className="sm:col-span-2">
            {(control) => <Textarea name="invoiceAddress" rows={3} maxLength={500} defaultValue={settings.invoiceAddress} {...control} />}
          </FormField>
        </fieldset>
        {settings.canEdit ? (
          <Button type="submit" className="w-fit" disabled={fetcher.state !== 'idle'}>
            {t('preferences.save')}
          </Button>
        ) : null}
      </fetcher.Form>
    </Card>
  )
}
