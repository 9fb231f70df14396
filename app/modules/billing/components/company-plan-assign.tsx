import { Form } from 'react-router'
import { FormError, type FormErrorData, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { PLAN_PERIODS, type PlanPeriod } from '../billing.constants'

/** A company found by name, with the plan it is on now (names in the reader's language). */
export type CompanyPlanRow = {
  id: string
  name: string
  legalName: string | null
  /** The country's name in the reader's language. */
  country: string | null
  plan: { id: string; name: string; period: PlanPeriod; started: boolean }
  next: { name: string; date: string } | null
  /** Changes with every change of the company's plan: the row starts afresh (its dialog closed) after an assignment. */
  version: number
}

export type AssignablePlan = { id: string; name: string; retired: boolean }

type CompanyPlanAssignProps = {
  query: string
  /** The companies found for `query` (null before a search), and whether there were more than shown. */
  results: { rows: CompanyPlanRow[]; more: boolean } | null
  plans: AssignablePlan[]
  /** Kept in the search so an open plan form stays open. */
  keep: Record<string, string>
  /** The last assignment: done for a company, or refused with why. */
  done: { company: string; plan: string; period: PlanPeriod } | null
  failure: { companyId: string; fieldErrors: Record<string, string[]> | undefined; error: FormErrorData } | null
}

/** Finds a company by name and puts it on a plan for a billing period, after a confirmation. */
export function CompanyPlanAssign({ query, results, plans, keep, done, failure }: CompanyPlanAssignProps) {
  const { t } = useTranslation('planAdmin')
  const { t: tBilling } = useTranslation('billing')
  const format = useFormatter()
  const errorsOf = useFieldErrors(failure?.fieldErrors, 'billing')
  return (
    <section aria-labelledby="assign-title" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground">
      <div className="flex flex-col gap-1">
        <h2 id="assign-title" className="text-lg font-semibold">
          {t('assign.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('assign.intro')}</p>
      </div>
      {done ? <Alert tone="success">{t('done.assigned', { company: done.company, plan: done.plan, period: tBilling(`periods.${done.period}`) })}</Alert> : null}
      <Form method="get" role="search" aria-label={t('assign.title')} className="flex flex-wrap items-end gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormField label={t('assign.search')} hint={t('assign.searchHint')} className="min-w-0 flex-1 basis-64">
          {(control) => <Input {...control} type="search" name="company" defaultValue={query} maxLength={100} autoComplete="off" />}
        </FormField>
        <Button type="submit" variant="secondary" className="mb-5">
          {t('assign.find')}
        </Button>
      </Form>
      {results ? (
        <div className="flex flex-col gap-2" aria-live="polite">
          {results.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('assign.none', { query })}</p>
          ) : (
            <>
              <h3 className="text-sm font-medium">{t('assign.results', { query })}</h3>
              <Table stackOnPhone>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('assign.company')}</TableHead>
                    <TableHead>{t('assign.country')}</TableHead>
                    <TableHead>{t('assign.currentPlan')}</TableHead>
                    <TableHead>
                      <span className="sr-only">{t('list.actions')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {results.rows.map((row) => {
                    const failed = failure?.companyId === row.id ? failure : null
                    return (
                      <TableRow key={`${row.id}-${row.version}`}>
                        <TableHead scope="row" className="text-start font-normal whitespace-normal">
                          <span className="block font-medium text-foreground">{row.name}</span>
                          {row.legalName && row.legalName !== row.name ? <span className="block text-xs text-muted-foreground">{row.legalName}</span> : null}
                        </TableHead>
                        <TableCell label={t('assign.country')}>{row.country ?? '—'}</TableCell>
                        <TableCell label={t('assign.currentPlan')}>
                          {row.plan.started
                            ? t('assign.onPlan', { plan: row.plan.name, period: tBilling(`periods.${row.plan.period}`) })
                            : t('assign.notStarted', { plan: row.plan.name })}
                          {row.next ? (
                            <span className="block text-xs text-muted-foreground">
                              {t('assign.moves', { plan: row.next.name, date: format.date(row.next.date) })}
                            </span>
                          ) : null}
                        </TableCell>
                        <TableCell>
                          <ConfirmDialog
                            triggerLabel={
                              <>
                                <span aria-hidden="true">{t('assign.trigger')}</span>
                                <span className="sr-only">{t('assign.triggerLabel', { company: row.name })}</span>
                              </>
                            }
                            title={t('assign.dialogTitle', { company: row.name })}
                            description={t('assign.dialogDescription')}
                            confirmLabel={t('assign.confirm')}
                            confirmVariant="primary"
                            open={failed !== null}
                          >
                            <input type="hidden" name="intent" value="assign" />
                            <input type="hidden" name="companyId" value={row.id} />
                            {failed ? <FormError error={failed.error} /> : null}
                            <FormField label={t('assign.plan')} errors={failed ? errorsOf('planId') : undefined}>
                              {(control) => (
                                <NativeSelect {...control} name="planId" defaultValue={row.plan.id}>
                                  {plans.map((plan) => (
                                    <option key={plan.id} value={plan.id}>
                                      {plan.retired ? t('assign.retiredOption', { plan: plan.name }) : plan.name}
                                    </option>
                                  ))}
                                </NativeSelect>
                              )}
                            </FormField>
                            <FormField label={t('assign.period')} errors={failed ? errorsOf('period') : undefined}>
                              {(control) => (
                                <NativeSelect {...control} name="period" defaultValue={row.plan.period}>
                                  {PLAN_PERIODS.map((period) => (
                                    <option key={period} value={period}>
                                      {tBilling(`periods.${period}`)}
                                    </option>
                                  ))}
                                </NativeSelect>
                              )}
                            </FormField>
                          </ConfirmDialog>
                        </TableCell>
                      </TableRow>
                    )
                  })}
                </TableBody>
              </Table>
              {results.more ? <p className="text-xs text-muted-foreground">{t('assign.more', { count: results.rows.length })}</p> : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  )
}
