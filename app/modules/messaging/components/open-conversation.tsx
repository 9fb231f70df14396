import { Link, useFetcher } from 'react-router'
import { Button, type ButtonSize, type ButtonVariant, buttonClasses } from '../../../components/ui/button'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { ThreadTarget } from '../messaging.types'
import { SpriteIcon } from '../../../components/ui/sprite-icon'

type OpenConversationProps = {
  locale: Locale
  target: ThreadTarget
  /** The thread's id when it already exists (conversationForSubject): then a plain link "Open conversation". */
  existingId: string | null
  /** Key in the `chat` catalog for the button that starts the thread. */
  labelKey: 'entry.message' | 'entry.messageCompany' | 'entry.messageBuyer' | 'entry.conversation' | 'entry.quotationConversation'
  /** Names the other side for assistive technology when several buttons share a label. */
  subject?: string
  variant?: ButtonVariant
  size?: ButtonSize
}

type OpenFailure = { ok: false; formError?: { message: string }; fieldErrors?: Record<string, string[]> }

const hiddenFields = (target: ThreadTarget): Array<[string, string]> =>
  Object.entries(target).filter((entry): entry is [string, string] => typeof entry[1] === 'string')

/**
 * The entry point to a record's conversation: "Open conversation" when it exists, otherwise a button that opens
 * the thread (POST, created on first use) and lands in it. Works without JavaScript; a refusal shows inline.
 */
export function OpenConversation({ locale, target, existingId, labelKey, subject, variant = 'secondary', size = 'sm' }: OpenConversationProps) {
  const { t } = useTranslation('chat')
  const fetcher = useFetcher<OpenFailure>()
  const label = existingId ? t('entry.open') : t(labelKey)
  const accessible = subject ? t('entry.withSubject', { label, subject }) : undefined
  if (existingId) {
    return (
      <Link to={localizePath(locale, `/app/inbox/${encodeURIComponent(existingId)}`)} className={buttonClasses(variant, 'gap-2', size)} aria-label={accessible}>
        <SpriteIcon name="message-square" />
        {label}
      </Link>
    )
  }
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined
  return (
    <fetcher.Form method="post" action={localizePath(locale, '/app/inbox/open')} className="inline-flex flex-col gap-1">
      {hiddenFields(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size={size} disabled={fetcher.state !== 'idle'} aria-label={accessible}>
        <SpriteIcon name="message-square" />
        {fetcher.state === 'idle' ? label : t('entry.opening')}
      </Button>
      {failed ? (
        <p role="alert" className="text-xs text-destructive">
          {failed.formError?.message ?? t('entry.failed')}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/** For visitors: sign in first, then come back to the company's page (the page's action remembers it). */
export function SignInToMessage({ size = 'sm' }: { size?: ButtonSize }) {
  const { t } = useTranslation('chat')
  return (
    <form method="post">
      <Button type="submit" variant="secondary" size={size}>
        <SpriteIcon name="message-square" />
        {t('entry.signIn')}
      </Button>
    </form>
  )
}
