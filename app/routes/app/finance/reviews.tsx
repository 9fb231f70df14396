import { Form, useActionData } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import { FinanceReviewInput } from '../../../modules/finance/index'
import { decideBankAccount, decideKyc, pendingBankAccounts, pendingKycProfiles } from '../../../modules/finance/index.server'
import { fileContentUrl } from '../../../modules/kernel/index'
import { countryName } from '../../../platform/countries'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/reviews'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [kyc, accounts] = await withRouteErrors(() => Promise.all([pendingKycProfiles(ctx), pendingBankAccounts(ctx)]))
  return {
    ...pageData(ctx.locale, 'financeSetup', 'meta.reviewsTitle', PAGE_MESSAGES.financeReviews),
    kyc: { total: kyc.total, items: kyc.items.map((item) => ({ ...item, submittedAt: item.submittedAt?.toISOString() ?? null, reviewedAt: null })) },
    accounts: {
      total: accounts.total,
      items: accounts.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString(), updatedAt: item.updatedAt.toISOString() })),
    },
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const target = String(form.get('target') ?? '')
  const id = String(form.get('id') ?? '')
  const parsed = parseForm(FinanceReviewInput, form)
  if (!parsed.ok) return failure(parsed, 422, { target, id })
  try {
    if (target === 'kyc') await decideKyc(ctx, id, parsed.data)
    else await decideBankAccount(ctx, id, parsed.data)
    return { ok: true as const, decision: parsed.data.decision }
  } catch (error) {
    return failureFromError(error, { target, id })
  }
}

type Answer = ReturnType<typeof useActionData<typeof action>>

export default function FinanceReviews({ loaderData }: Route.ComponentProps) {
  const { kyc, accounts } = loaderData
  const { t } = useTranslation('financeSetup')
  const { locale } = useRootData()
  const format = useFormatter()
  const answer = useActionData<typeof action>()
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('reviews.title')}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('reviews.intro')}</p>
      </div>
      {answer?.ok ? <Alert tone="success">{answer.decision === 'accept' ? t('reviews.accepted') : t('reviews.rejected')}</Alert> : null}
      <Card aria-labelledby="kyc-reviews-title">
        <CardHeader>
          <CardTitle id="kyc-reviews-title">{t('reviews.kycTitle')}</CardTitle>
          {kyc.total > kyc.items.length ? <CardDescription>{t('reviews.showing', { shown: kyc.items.length, total: kyc.total })}</CardDescription> : null}
        </CardHeader>
        {kyc.items.length === 0 ? <p className="text-sm text-muted-foreground">{t('reviews.kycEmpty')}</p> : null}
        <ul className="flex flex-col divide-y divide-border">
          {kyc.items.map((profile) => (
            <li key={profile.companyId} className="flex flex-col gap-2 py-4">
              <h3 id={`kyc-${profile.companyId}-name`} className="font-medium break-words">
                {profile.companyName} · {profile.legalName}
              </h3>
              <p className="text-sm text-muted-foreground">
                {profile.submittedAt ? t('reviews.submittedAt', { date: format.dateTime(profile.submittedAt) }) : null}
              </p>
              <p className="text-sm break-words">
                {t('reviews.registration', { number: profile.registrationNumber, country: countryName(profile.registrationCountry, locale) })}
              </p>
              <p className="text-sm break-words">
                {t('onboarding.directorName')}: {profile.directorName} · {profile.registeredAddress}
              </p>
              <ul className="text-sm">
                {profile.beneficialOwners.map((owner) => (
                  <li key={`${owner.name}-${owner.dateOfBirth}`}>
                    {t('reviews.ownerLine', {
                      name: owner.name,
                      nationality: countryName(owner.nationality, locale),
                      percent: owner.ownershipPercent,
                      date: owner.dateOfBirth,
                    })}
                  </li>
                ))}
              </ul>
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {profile.documents.map((document) => (
                  <li key={document.fileId} className="min-w-0">
                    <a href={fileContentUrl(document.fileId)} className="break-all text-primary underline">
                      {t(`onboarding.${document.kind}Documents`)}: {document.name}
                    </a>
                  </li>
                ))}
              </ul>
              <Decision target="kyc" id={profile.companyId} name={profile.companyName} acceptLabel={t('reviews.accept')} answer={answer} />
            </li>
          ))}
        </ul>
      </Card>
      <Card aria-labelledby="bank-reviews-title">
        <CardHeader>
          <CardTitle id="bank-reviews-title">{t('reviews.bankTitle')}</CardTitle>
          {accounts.total > accounts.items.length ? (
            <CardDescription>{t('reviews.showing', { shown: accounts.items.length, total: accounts.total })}</CardDescription>
          ) : null}
        </CardHeader>
        {accounts.items.length === 0 ? <p className="text-sm text-muted-foreground">{t('reviews.bankEmpty')}</p> : null}
        <ul className="flex flex-col divide-y divide-border">
          {accounts.items.map((account) => (
            <li key={account.id} className="flex flex-col gap-2 py-4">
              <h3 id={`bank-${account.id}-name`} className="font-medium break-words">
                {account.companyName} · {account.label}
              </h3>
              <p className="text-sm text-muted-foreground">{t('reviews.changedAt', { date: format.dateTime(account.updatedAt) })}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t('fields.holderName')}</dt>
                <dd className="break-words">{account.holderName}</dd>
                <dt className="text-muted-foreground">{t('fields.scheme')}</dt>
                <dd>
                  {t(`schemes.${account.scheme}`)} · {account.currency} · {countryName(account.country, locale)}
                </dd>
                <dt className="text-muted-foreground">{t('fields.accountNumber')}</dt>
                <dd className="font-mono break-all">{account.accountNumber}</dd>
                {account.bic ? (
                  <>
                    <dt className="text-muted-foreground">{t('fields.bic')}</dt>
                    <dd className="font-mono">{account.bic}</dd>
                  </>
                ) : null}
                {account.routingCode ? (
                  <>
                    <dt className="text-muted-foreground">{t(account.scheme === 'us_aba' ? 'fields.abaRouting' : 'fields.cnaps')}</dt>
                    <dd className="font-mono">{account.routingCode}</dd>
                  </>
                ) : null}
              </dl>
              <Decision target="bank" id={account.id} name={account.label} acceptLabel={t('reviews.verify')} answer={answer} />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}

type DecisionProps = { target: 'kyc' | 'bank'; id: string; name: string; acceptLabel: string; answer: Answer }

/** Accept at once, or reject behind a dialog that asks for the reason (kept open with the server's refusal). */
function Decision({ target, id, name, acceptLabel, answer }: DecisionProps) {
  const { t } = useTranslation('financeSetup')
  // The refusal belongs to the dialog of the record it names.
  const refused = answer && !answer.ok && 'target' in answer && 'id' in answer && answer.target === target && answer.id === id ? answer : undefined
  const fieldError = useFieldErrors(refused?.fieldErrors, 'financeSetup')
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="decision" value="accept" aria-describedby={`${target}-${id}-name`}>
          {acceptLabel}
        </Button>
      </Form>
      <ConfirmDialog
        triggerLabel={t('reviews.reject')}
        title={t('reviews.rejectTitle', { name })}
        description={t('reviews.rejectDescription')}
        confirmLabel={t('reviews.rejectConfirm')}
        open={refused !== undefined}
      >
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="decision" value="reject" />
        <FormError error={refused?.formError} />
        <FormField label={t('reviews.reason')} errors={fieldError('reason')}>
          {(control) => <Textarea name="reason" rows={3} maxLength={1000} required {...control} />}
        </FormField>
      </ConfirmDialog>
    </div>
  )
}
