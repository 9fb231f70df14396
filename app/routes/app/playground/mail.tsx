import { useTranslation } from '../../../platform/i18n/react'
import { Link, useLoaderData, useSearchParams } from 'react-router'
import { Card } from '../../../components/ui/card'
import { useFormatter } from '../../../components/use-formatter'
import { cn } from '../../../components/ui/cn'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { actorFromClientSession } from '../../../modules/identity/index'
import { getDevMessage, listDevMessages, type DevChannel } from '../../../platform/mail/dev-mailbox.server'
import { localizePath } from '../../../platform/i18n/locales'
import { withRouteErrors } from '../../../platform/forms.server'
import { requireSession, routeLocale, useRootData } from '../../route-helpers'
import { pageData } from '../../page-data.server'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/mail'
import { BackLink } from '../../../components/back-link'

const PAGE_SIZE = 20
const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader(args: Route.LoaderArgs) {
  return withRouteErrors(() => loadMailbox(args))
}

async function loadMailbox({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const session = requireSession(context)
  const ctx = { actor: actorFromClientSession(session), locale, requestId: '' }
  const url = new URL(request.url)
  const channel: DevChannel = url.searchParams.get('channel') === 'sms' ? 'sms' : 'mail'
  const offset = Math.max(0, Number.parseInt(url.searchParams.get('offset') ?? '0', 10) || 0)
  const id = url.searchParams.get('id')
  const meta = pageData(locale, 'identity', 'mailbox.metaTitle')
  if (id) {
    const message = await getDevMessage(ctx, id)
    return {
      ...meta,
      channel,
      offset,
      message: { ...message, createdAt: message.createdAt.toISOString(), links: [...new Set(message.textBody.match(URL_PATTERN) ?? [])] },
      page: null,
    }
  }
  const page = await listDevMessages(ctx, { channel, limit: PAGE_SIZE, offset })
  return {
    ...meta,
    channel,
    offset,
    message: null,
    page: {
      total: page.total,
      items: page.items.map((m) => ({
        id: m.id,
        recipient: m.recipient,
        subject: m.subject,
        preview: m.textBody.slice(0, 120),
        createdAt: m.createdAt.toISOString(),
      })),
    },
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Mailbox() {
  const { t } = useTranslation('identity')
  const { locale } = useRootData()
  const data = useLoaderData<typeof loader>()
  const [search] = useSearchParams()
  const format = useFormatter()
  const base = localizePath(locale, '/app/playground/mail')
  const tab = (channel: DevChannel, label: string) => (
    <Link
      to={`${base}?channel=${channel}`}
      aria-current={data.channel === channel ? 'page' : undefined}
      className={cn(
        'rounded px-3 py-1.5 text-sm',
        data.channel === channel ? 'bg-card font-medium text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </Link>
  )
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t('mailbox.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('mailbox.body')}</p>
      </div>
      <nav aria-label={t('mailbox.tabs')} className="flex w-fit gap-1 rounded-md bg-muted p-1">
        {tab('mail', t('mailbox.tabMail'))}
        {tab('sms', t('mailbox.tabSms'))}
      </nav>
      {data.message ? (
        <Card aria-labelledby="message-title" as="article">
          <BackLink to={`${base}?channel=${data.channel}&offset=${search.get('offset') ?? 0}`} className="underline">
            {t('mailbox.back')}
          </BackLink>
          <h2 id="message-title" className="mt-3 text-lg font-semibold">
            {data.message.subject ?? t('mailbox.noSubject')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('mailbox.to')}</dt>
            <dd>{data.message.recipient}</dd>
            <dt className="text-muted-foreground">{t('mailbox.sent')}</dt>
            <dd>{format.dateTime(data.message.createdAt)}</dd>
          </dl>
          {data.message.links.length > 0 ? (
            <section aria-labelledby="links-title" className="mt-4">
              <h3 id="links-title" className="font-semibold">
                {t('mailbox.links')}
              </h3>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {data.message.links.map((href) => (
                  <li key={href}>
                    <a href={href} className="break-all text-primary underline" data-testid="mail-link">
                      {href}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="text-title" className="mt-4">
            <h3 id="text-title" className="font-semibold">
              {t('mailbox.textVersion')}
            </h3>
            <pre className="mt-1 whitespace-pre-wrap rounded bg-muted p-3 text-sm" data-testid="message-text">
              {data.message.textBody}
            </pre>
          </section>
          {data.message.htmlBody ? (
            <section aria-labelledby="html-title" className="mt-4">
              <h3 id="html-title" className="font-semibold">
                {t('mailbox.htmlPreview')}
              </h3>
              <iframe title={t('mailbox.htmlPreview')} sandbox="" srcDoc={data.message.htmlBody} className="mt-1 h-96 w-full rounded border border-border" />
            </section>
          ) : null}
        </Card>
      ) : data.page && data.page.items.length > 0 ? (
        <Card>
          <Table stackOnPhone>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('mailbox.to')}</TableHead>
                <TableHead>{data.channel === 'mail' ? t('mailbox.subject') : t('mailbox.textVersion')}</TableHead>
                <TableHead>{t('mailbox.sent')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.page.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell label={t('mailbox.to')}>{item.recipient}</TableCell>
                  <TableCell>
                    <Link to={`${base}?channel=${data.channel}&offset=${data.offset}&id=${item.id}`} className="text-primary underline">
                      {data.channel === 'mail' ? (item.subject ?? t('mailbox.noSubject')) : item.preview}
                    </Link>
                  </TableCell>
                  <TableCell label={t('mailbox.sent')} className="whitespace-nowrap">
                    {format.dateTime(item.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination total={data.page.total} offset={data.offset} limit={PAGE_SIZE} hrefFor={(offset) => `${base}?channel=${data.channel}&offset=${offset}`} />
        </Card>
      ) : (
        <Card>
          <p className="text-sm text-muted-foreground">{t('mailbox.empty')}</p>
        </Card>
      )}
    </div>
  )
}
