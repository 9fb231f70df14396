import { data, Form, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { useIntentResult } from '../../../components/use-intent-result'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { ASSISTANT_PROVIDER_KINDS, ASSISTANT_TOOLS, AssistantConfigInput, CompanyAssistantInput, UsageChart } from '../../../modules/assistant/index'
import {
  assistantUsageReport,
  companyQuota,
  getAssistantConfig,
  getCompanyAssistant,
  updateAssistantConfig,
  updateCompanyAssistant,
} from '../../../modules/assistant/index.server'
import { hasRole } from '../../../modules/companies/index'
import { companyName, requireActor } from '../../../modules/companies/index.server'
import { AppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { isPlatformAdmin } from '../../../platform/platform-admin'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import type { Route } from './+types/config'

// /app/agi/config (issue 23): platform admins choose the assistant's provider, model, key, prompt, tools and limits and
// see its use; a company's owners and admins switch it for their company and see their use; members see whether it is on.

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const platform = isPlatformAdmin(ctx.actor)
  const companyId = ctx.actor.companyId
  const manager = companyId !== null && hasRole(ctx.actor, 'admin')
  if (!platform && !companyId) await withRouteErrors(() => Promise.reject(new AppError('company_required', 'Create or join a company first')))
  const [config, report, company, memberView] = await withRouteErrors(() =>
    Promise.all([
      platform ? getAssistantConfig(ctx) : Promise.resolve(null),
      platform || manager ? assistantUsageReport(ctx) : Promise.resolve(null),
      manager ? getCompanyAssistant(ctx, companyId!) : Promise.resolve(null),
      companyId && !manager ? Promise.all([companyQuota(companyId), companyName(companyId)]) : Promise.resolve(null),
    ]),
  )
  return {
    ...pageData(ctx.locale, 'assistant', 'meta.config'),
    config: config ? { ...config, updatedAt: config.updatedAt?.toISOString() ?? null } : null,
    report,
    company: company ? { ...company, quota: { ...company.quota, resetsAt: company.quota.resetsAt.toISOString() } } : null,
    member: memberView ? { enabled: memberView[0].enabled, companyName: memberView[1] } : null,
    platform,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'config') {
      const input = AssistantConfigInput.safeParse({
        provider: form.get('provider'),
        baseUrl: form.get('baseUrl'),
        model: form.get('model'),
        apiKey: form.get('apiKey'),
        clearApiKey: form.get('clearApiKey'),
        temperature: form.get('temperature'),
        systemPrompt: form.get('systemPrompt'),
        enabledTools: form.getAll('enabledTools').filter((value) => value !== ''),
        monthlyTokenLimit: form.get('monthlyTokenLimit'),
      })
      if (!input.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(input.error) }, 422, { intent })
      await updateAssistantConfig(ctx, input.data)
      return data({ ok: true as const, intent })
    }
    if (intent === 'company') {
      const companyId = String(form.get('companyId') ?? '')
      const input = CompanyAssistantInput.safeParse({ enabled: form.get('enabled'), monthlyTokenLimit: form.get('monthlyTokenLimit') })
      if (!input.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(input.error) }, 422, { intent, companyId })
      await updateCompanyAssistant(ctx, companyId, input.data)
      return data({ ok: true as const, intent, companyId })
    }
    throw new AppError('bad_request', 'Unknown action')
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

type Data = Route.ComponentProps['loaderData']

export default function AssistantConfigPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation('assistant')
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('config.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('config.intro')}</p>
      </header>
      {page.member ? (
        <Alert tone="info">
          {t('config.companyReadOnly', { company: page.member.companyName, state: page.member.enabled ? t('config.on') : t('config.off') })}
        </Alert>
      ) : null}
      {page.company ? <CompanyPart company={page.company} /> : null}
      {page.config ? <PlatformForm config={page.config} /> : null}
      {page.report ? <Usage report={page.report} platform={page.platform} /> : null}
    </div>
  )
}

function PlatformForm({ config }: { config: NonNullable<Data['config']> }) {
  const { t } = useTranslation('assistant')
  const navigation = useNavigation()
  const { done, fieldErrors, formError } = useIntentResult('config')
  const errors = useFieldErrors(fieldErrors, 'assistant')
  const saved = done === 'config'
  return (
    <section aria-labelledby="assistant-platform" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <h2 id="assistant-platform" className="text-lg font-semibold">
        {t('config.platformSection')}
      </h2>
      {saved ? (
        <p role="status" className="text-sm font-medium text-success">
          {t('config.saved')}
        </p>
      ) : null}
      <FormError error={formError} />
      <Form method="post" className="grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="config" />
        <fieldset className="flex flex-col gap-2 md:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t('config.provider')}</legend>
          {ASSISTANT_PROVIDER_KINDS.map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm">
              <input type="radio" name="provider" value={kind} defaultChecked={config.provider === kind} className="mt-1 size-4 accent-primary" />
              <span className="flex flex-col">
                <span className="font-medium">{t(`provider.${kind}`)}</span>
                <span className="text-muted-foreground">{kind === 'builtin' ? t('config.builtinHelp') : t('config.openaiHelp')}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormField label={t('config.baseUrl')} errors={errors('baseUrl')}>
          {(control) => (
            <Input name="baseUrl" type="url" defaultValue={config.baseUrl} placeholder={t('config.baseUrlPlaceholder')} autoComplete="off" {...control} />
          )}
        </FormField>
        <FormField label={t('config.model')} errors={errors('model')}>
          {(control) => <Input name="model" defaultValue={config.model} placeholder={t('config.modelPlaceholder')} autoComplete="off" {...control} />}
        </FormField>
        <FormField label={t('config.apiKey')} hint={config.hasApiKey ? t('config.apiKeySet') : t('config.apiKeyNone')} errors={errors('apiKey')}>
          {(control) => <Input name="apiKey" type="password" autoComplete="new-password" {...control} />}
        </FormField>
        <div className="flex flex-col justify-end gap-2">
          {config.hasApiKey ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="clearApiKey" value="true" className="size-4 accent-primary" />
              {t('config.clearApiKey')}
            </label>
          ) : null}
        </div>
        <FormField label={t('config.temperature')} errors={errors('temperature')}>
          {(control) => <Input name="temperature" inputMode="decimal" defaultValue={config.temperature} {...control} />}
        </FormField>
        <FormField label={t('config.monthlyTokenLimit')} hint={t('config.monthlyTokenLimitHelp')} errors={errors('monthlyTokenLimit')}>
          {(control) => <Input name="monthlyTokenLimit" inputMode="numeric" defaultValue={String(config.monthlyTokenLimit)} {...control} />}
        </FormField>
        <FormField label={t('config.systemPrompt')} hint={t('config.systemPromptHelp')} errors={errors('systemPrompt')} className="md:col-span-2">
          {(control) => <Textarea name="systemPrompt" rows={5} defaultValue={config.systemPrompt} maxLength={8000} {...control} />}
        </FormField>
        <fieldset className="flex flex-col gap-2 md:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t('config.toolsSection')}</legend>
          <p className="text-sm text-muted-foreground">{t('config.toolsHelp')}</p>
          <input type="hidden" name="enabledTools" value="" />
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {ASSISTANT_TOOLS.map((tool) => (
              <label key={tool} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="enabledTools" value={tool} defaultChecked={config.enabledTools.includes(tool)} className="size-4 accent-primary" />
                {t(`tools.${tool}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="md:col-span-2">
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {t('config.save')}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function CompanyPart({ company }: { company: NonNullable<Data['company']> }) {
  const { t } = useTranslation('assistant')
  const format = useFormatter()
  const { done, formError } = useIntentResult('company')
  return (
    <section aria-labelledby="assistant-company" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="assistant-company" className="text-lg font-semibold">
        {t('config.companySection')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('config.companyHelp', { company: company.companyName })}</p>
      {done === 'company' ? (
        <p role="status" className="text-sm font-medium text-success">
          {t('config.companySaved')}
        </p>
      ) : null}
      <FormError error={formError} />
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {t('config.enabled')}: <Badge variant={company.enabled ? 'accept' : 'secondary'}>{company.enabled ? t('config.on') : t('config.off')}</Badge>
      </p>
      <p className="text-sm">
        {t('config.companyUsed', {
          used: format.number(company.quota.used),
          limit: format.number(company.quota.limit),
          date: format.date(company.quota.resetsAt),
        })}
      </p>
      <CompanySwitch companyId={company.companyId} companyName={company.companyName} enabled={company.enabled} limit={company.monthlyTokenLimit} />
    </section>
  )
}

/** On goes straight through; off is confirmed first (nobody in the company can ask until it is on again). */
function CompanySwitch({ companyId, companyName, enabled, limit }: { companyId: string; companyName: string; enabled: boolean; limit: number | null }) {
  const { t } = useTranslation('assistant')
  const fields = (
    <>
      <input type="hidden" name="intent" value="company" />
      <input type="hidden" name="companyId" value={companyId} />
      <input type="hidden" name="monthlyTokenLimit" value={limit === null ? '' : String(limit)} />
    </>
  )
  if (!enabled) {
    return (
      <Form method="post">
        {fields}
        <input type="hidden" name="enabled" value="true" />
        <Button type="submit" size="sm" variant="secondary" aria-label={`${t('config.switchOn')}: ${companyName}`}>
          {t('config.switchOn')}
        </Button>
      </Form>
    )
  }
  return (
    <ConfirmDialog
      triggerLabel={t('config.switchOff')}
      title={t('config.confirmOffTitle', { company: companyName })}
      description={t('config.confirmOffBody')}
      confirmLabel={t('config.switchOff')}
    >
      {fields}
      <input type="hidden" name="enabled" value="false" />
    </ConfirmDialog>
  )
}

function Usage({ report, platform }: { report: NonNullable<Data['report']>; platform: boolean }) {
  const { t } = useTranslation('assistant')
  const format = useFormatter()
  const limitErrors = useFieldErrors(useIntentResult('company').fieldErrors, 'assistant')('monthlyTokenLimit')
  return (
    <section aria-labelledby="assistant-usage" className="flex min-w-0 flex-col gap-4">
      <h2 id="assistant-usage" className="text-lg font-semibold">
        {t('config.usageSection')}
      </h2>
      <UsageChart days={report.days} />
      <h3 className="text-base font-semibold">{t('config.companiesSection')}</h3>
      {limitErrors ? (
        <p role="alert" className="text-sm text-destructive">
          {limitErrors.join(' ')}
        </p>
      ) : null}
      {report.companies.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('config.noUsage')}</p>
      ) : (
        <Table aria-label={t('config.companiesSection')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('config.company')}</TableHead>
              <TableHead>{t('config.enabled')}</TableHead>
              <TableHead className="text-end">{t('config.used')}</TableHead>
              <TableHead className="text-end">{t('config.requests')}</TableHead>
              <TableHead className="text-end">{t('config.errors')}</TableHead>
              {platform ? <TableHead>{t('config.limit')}</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.companies.map((row) => (
              <TableRow key={row.companyId}>
                <TableCell data-label={t('config.company')}>{row.companyName}</TableCell>
                <TableCell data-label={t('config.enabled')}>{row.enabled ? t('config.on') : t('config.off')}</TableCell>
                <TableCell data-label={t('config.used')} className="text-end">
                  {t('config.usedOf', { used: format.number(row.tokens), limit: format.number(row.limit) })}
                </TableCell>
                <TableCell data-label={t('config.requests')} className="text-end">
                  {format.number(row.requests)}
                </TableCell>
                <TableCell data-label={t('config.errors')} className="text-end">
                  {format.number(row.errors)}
                </TableCell>
                {platform ? (
                  <TableCell data-label={t('config.limit')}>
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="company" />
                      <input type="hidden" name="companyId" value={row.companyId} />
                      <input type="hidden" name="enabled" value={row.enabled ? 'true' : 'false'} />
                      <Input
                        name="monthlyTokenLimit"
                        inputMode="numeric"
                        className="w-32"
                        aria-label={t('config.companyLimitLabel', { company: row.companyName })}
                        placeholder={t('config.defaultLimit')}
                      />
                      <Button type="submit" size="sm" variant="secondary">
                        {t('config.saveCompany')}
                      </Button>
                    </Form>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}
