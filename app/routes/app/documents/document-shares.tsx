// The writer's share links of a document: a new link (its address shown once), and every link with its state, views
// and the times it was opened; revoking asks first.
import { Form } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { DEFAULT_SHARE_DAYS, MAX_SHARE_DAYS } from '../../../modules/documents/index'
import type { DocumentDetail, ShareStatus, ShareSummary } from '../../../modules/documents/index.server'
import { useTranslation } from '../../../platform/i18n/react'
import { CopyButton } from '../../document-parts'

/** A link just made: its address, shown this once (only its hash is kept). */
export type ShareResult = { id: string; url: string; expiresAt: Date }

/** The share form's field errors, translated. */
type ShareErrors = { field: (name: string) => string[] | undefined; any: boolean }

type ShareRow = ShareSummary & { openings: Array<{ viewedAt: Date; versionNumber: number; visitor: string }> }

const SHARE_BADGES: Readonly<Record<ShareStatus, BadgeVariant>> = { active: 'accept', expired: 'secondary', revoked: 'reject' }

type SharePanelProps = { document: DocumentDetail; shares: ShareRow[]; created: ShareResult | undefined; errors: ShareErrors }

export function SharePanel({ document, shares, created, errors }: SharePanelProps) {
  const { t } = useTranslation('documents')
  const shareable = document.status !== 'void' && document.versions.some((version) => version.issuedAt !== null)
  return (
    <Card as="section" aria-labelledby="shares-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="shares-title">{t('shares.title')}</CardTitle>
        <CardDescription>{t('shares.description')}</CardDescription>
      </div>
      {created ? <CreatedLink share={created} /> : null}
      {shareable ? (
        // A fresh form after each new link: what was typed for one (a password) must not carry over to the next.
        <CreateShareForm key={created?.id ?? 'new'} errors={errors} />
      ) : (
        <p className="text-sm text-muted-foreground">{t(document.status === 'void' ? 'shares.notVoid' : 'shares.notIssued')}</p>
      )}
      {shares.length === 0 ? <p className="text-sm text-muted-foreground">{t('shares.empty')}</p> : <ShareList shares={shares} />}
    </Card>
  )
}

function CreatedLink({ share }: { share: ShareResult }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  return (
    <Alert tone="success" title={t('shares.created')}>
      <div className="flex flex-col gap-2">
        <p>{t('shares.createdHelp', { date: format.dateTime(share.expiresAt) })}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            readOnly
            value={share.url}
            aria-label={t('shares.url')}
            className="min-w-0 flex-1 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={share.url} label={t('shares.copy')} copiedLabel={t('shares.copied')} />
        </div>
      </div>
    </Alert>
  )
}

function CreateShareForm({ errors }: { errors: ShareErrors }) {
  const { t } = useTranslation('documents')
  return (
    <details open={errors.any} className="rounded-md border border-border p-4">
      <summary className="cursor-pointer font-medium">{t('shares.create')}</summary>
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="share" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('shares.label')} hint={t('shares.labelHint')} errors={errors.field('label')}>
            {(control) => <Input name="label" maxLength={200} {...control} />}
          </FormField>
          <FormField label={t('shares.days')} hint={t('shares.daysHint', { max: MAX_SHARE_DAYS })} errors={errors.field('days')}>
            {(control) => (
              <Input type="number" name="days" min={1} max={MAX_SHARE_DAYS} step={1} defaultValue={DEFAULT_SHARE_DAYS} inputMode="numeric" {...control} />
            )}
          </FormField>
          <FormField label={t('shares.password')} hint={t('shares.passwordHint')} errors={errors.field('password')}>
            {(control) => <Input type="password" name="password" minLength={6} maxLength={200} autoComplete="new-password" {...control} />}
          </FormField>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="canDecide" value="on" className="mt-0.5 size-4 accent-primary" />
          <span>
            {t('shares.canDecide')}
            <span className="block text-xs text-muted-foreground">{t('shares.canDecideHint')}</span>
          </span>
        </label>
        <Button type="submit" className="self-start">
          {t('shares.submit')}
        </Button>
      </Form>
    </details>
  )
}

function ShareList({ shares }: { shares: ShareRow[] }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  return (
    <Table aria-label={t('shares.listLabel')} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('shares.columns.label')}</TableHead>
          <TableHead>{t('shares.columns.status')}</TableHead>
          <TableHead>{t('shares.columns.expires')}</TableHead>
          <TableHead className="text-end">{t('shares.columns.views')}</TableHead>
          <TableHead>{t('shares.columns.lastViewed')}</TableHead>
          <TableHead>
            <span className="sr-only">{t('shares.columns.actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {shares.map((share) => (
          <TableRow key={share.id}>
            <TableCell className="font-medium sm:font-normal">
              {share.label || t('shares.unlabelled')}
              <span className="block text-xs text-muted-foreground">
                {[share.hasPassword ? t('shares.withPassword') : null, share.canDecide ? t('shares.mayDecide') : t('shares.readOnly')]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </TableCell>
            <TableCell label={t('shares.columns.status')}>
              <Badge variant={SHARE_BADGES[share.status]}>{t(`shares.statuses.${share.status}`)}</Badge>
            </TableCell>
            <TableCell label={t('shares.columns.expires')} className="whitespace-nowrap">
              {format.dateTime(share.expiresAt)}
            </TableCell>
            <TableCell label={t('shares.columns.views')} className="text-end">
              {format.number(share.views)}
            </TableCell>
            <TableCell label={t('shares.columns.lastViewed')} className="whitespace-nowrap">
              {share.lastViewedAt ? format.dateTime(share.lastViewedAt) : t('shares.neverViewed')}
            </TableCell>
            <TableCell>
              <div className="flex flex-col items-start gap-2">
                {share.status === 'active' ? <RevokeShare share={share} /> : null}
                {share.openings.length > 0 ? <Openings share={share} /> : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function RevokeShare({ share }: { share: ShareRow }) {
  const { t } = useTranslation('documents')
  const label = share.label || t('shares.unlabelled')
  return (
    <ConfirmDialog
      triggerLabel={t('shares.revoke')}
      title={t('shares.revokeTitle', { label })}
      description={t('shares.revokeHelp')}
      confirmLabel={t('shares.revokeConfirm')}
    >
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="shareId" value={share.id} />
    </ConfirmDialog>
  )
}

/** When the link was opened (the latest 200), which version it showed, and a short code per visitor. */
function Openings({ share }: { share: ShareRow }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-primary">{t('shares.openings', { count: share.views })}</summary>
      <ol className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto">
        {share.openings.map((opening, index) => (
          <li key={index} className="whitespace-nowrap text-muted-foreground">
            <time dateTime={new Date(opening.viewedAt).toISOString()}>{format.dateTime(opening.viewedAt)}</time> ·{' '}
            {t('shares.opening', { version: opening.versionNumber, visitor: opening.visitor.slice(0, 6) })}
          </li>
        ))}
      </ol>
      {share.views > share.openings.length ? (
        <p className="mt-1 text-xs text-muted-foreground">{t('shares.openingsCapped', { count: share.openings.length })}</p>
      ) : null}
    </details>
  )
}
