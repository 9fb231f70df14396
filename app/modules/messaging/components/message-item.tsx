import { Paperclip, Pencil, SmilePlus, Trash2 } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog'
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { MESSAGE_MAX_CHARS, REACTIONS } from '../messaging.constants'
import type { Message } from '../messaging.types'
import { splitLinks, splitMentions } from './mentions'

/** What the message's owner sees while it is on its way, or after it could not be sent. */
export type DeliveryState = 'sending' | 'failed'

type MessageItemProps = {
  message: Message
  viewerId: string
  /** The route whose action edits, deletes and reacts (`intent` edit | delete | react). */
  actionPath: string
  /** A manager (channel owner or company admin) may delete anyone's message. */
  canModerate: boolean
  canPost: boolean
  nameOf: (userId: string) => string
  delivery?: DeliveryState
  /** The message a search result pointed at: marked and focusable. */
  highlighted?: boolean
  /** Answers from the action that carry the updated message, merged into the timeline. */
  onUpdated: (message: Message) => void
}

type ActionAnswer = { ok: true; message?: Message | null } | { ok: false; formError?: { message: string }; fieldErrors?: Record<string, string[]> }

/** One message: author, company and time, body with mentions, attachments, reactions, and the owner's edit/delete. */
export function MessageItem({ message, viewerId, actionPath, canModerate, canPost, nameOf, delivery, highlighted = false, onUpdated }: MessageItemProps) {
  const { t } = useTranslation('chat')
  const { t: tField } = useTranslation('messaging')
  const format = useFormatter()
  const fetcher = useFetcher<ActionAnswer>()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(message.body)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const editId = useId()
  const own = message.author.id === viewerId
  const deleted = message.deletedAt !== null
  const stored = message.seq > 0

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  // Each answer is merged once, however often the parent re-renders with a new `onUpdated`.
  const merged = useRef<ActionAnswer | undefined>(undefined)
  useEffect(() => {
    if (!answer || merged.current === answer) return
    merged.current = answer
    if (answer.ok && answer.message && typeof answer.message === 'object' && 'seq' in answer.message) onUpdated(answer.message)
  }, [answer, onUpdated])
  const error =
    answer && !answer.ok
      ? (answer.formError?.message ??
        Object.values(answer.fieldErrors ?? {})
          .flat()
          .map((key) => tField(key, { defaultValue: t('message.actionFailed') }))
          .join(' '))
      : undefined

  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: 'post', action: actionPath })
  const saveEdit = () => {
    const body = draft.trim()
    setEditing(false)
    if (body && body !== message.body) void submit({ intent: 'edit', messageId: message.id, body })
  }
  const onEditKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      setDraft(message.body)
      setEditing(false)
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      saveEdit()
    }
  }

  return (
    <li
      className={cn(
        'group flex flex-col gap-1 rounded-md px-3 py-2 hover:bg-muted/40',
        delivery && 'opacity-70',
        highlighted && 'bg-accent/40 ring-2 ring-primary/40',
      )}
      data-seq={message.seq || undefined}
      id={stored ? `message-${message.seq}` : undefined}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? 'true' : undefined}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="text-sm font-medium text-foreground">{own ? t('message.you') : message.author.name}</span>
        {message.author.companyName ? <span>{message.author.companyName}</span> : null}
        <time dateTime={message.createdAt}>{format.time(message.createdAt)}</time>
        {message.editedAt && !deleted ? <span>{t('message.edited')}</span> : null}
        {delivery === 'sending' ? <span aria-live="polite">{t('message.sending')}</span> : null}
        {delivery === 'failed' ? <span className="text-destructive">{t('message.failed')}</span> : null}
      </p>

      {deleted ? (
        <p className="text-sm text-muted-foreground italic">{t('message.deleted')}</p>
      ) : editing ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={editId} className="sr-only">
            {t('message.editLabel')}
          </label>
          <Textarea
            id={editId}
            rows={3}
            value={draft}
            maxLength={MESSAGE_MAX_CHARS}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onEditKey}
            autoFocus
          />
          <p className="text-xs text-muted-foreground">{t('message.editHint')}</p>
          <div className="flex gap-2">
            <Button size="sm" onClick={saveEdit} disabled={fetcher.state !== 'idle'}>
              {t('message.save')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDraft(message.body)
                setEditing(false)
              }}
            >
              {t('message.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap">
          {splitMentions(message.body, message.mentions).map((part, index) =>
            part.mention ? (
              <mark key={index} className="rounded bg-accent px-0.5 text-accent-foreground">
                {part.text}
              </mark>
            ) : (
              <span key={index}>
                {splitLinks(part.text).map((piece, pieceIndex) =>
                  piece.href ? (
                    <a
                      key={pieceIndex}
                      href={piece.href}
                      rel="noopener noreferrer nofollow"
                      target="_blank"
                      className="text-primary underline underline-offset-2"
                    >
                      {piece.text}
                    </a>
                  ) : (
                    piece.text
                  ),
                )}
              </span>
            ),
          )}
        </p>
      )}

      {!deleted && message.attachments.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('message.attachments')}>
          {message.attachments.map((file) => (
            <li key={file.id}>
              <a href={file.url} className="inline-flex items-center gap-1 rounded border border-border px-2 py-1 text-xs hover:bg-muted" download={file.name}>
                <Paperclip aria-hidden="true" className="size-3" />
                {file.name}
                <span className="text-muted-foreground">{t('message.fileSize', { size: format.number(Math.max(1, Math.round(file.sizeBytes / 1024))) })}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}

      {stored && !deleted ? (
        <div className="flex flex-wrap items-center gap-1">
          {message.reactions
            .filter((reaction) => reaction.userIds.length > 0)
            .map((reaction) => {
              const mine = reaction.userIds.includes(viewerId)
              const names = reaction.userIds.map((id) => (id === viewerId ? t('message.you') : nameOf(id))).join(', ')
              const label = t('message.reactionLabel', { emoji: reaction.emoji, count: format.number(reaction.userIds.length), names })
              return (
                <button
                  key={reaction.emoji}
                  type="button"
                  aria-pressed={mine}
                  aria-label={label}
                  title={label}
                  disabled={!canPost}
                  onClick={() => submit({ intent: 'react', messageId: message.id, emoji: reaction.emoji, on: mine ? 'false' : 'true' })}
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs',
                    mine ? 'border-primary bg-primary/10' : 'border-border hover:bg-muted',
                  )}
                >
                  <span aria-hidden="true">{reaction.emoji}</span>
                  <span aria-hidden="true">{format.number(reaction.userIds.length)}</span>
                </button>
              )
            })}
          {canPost ? (
            <ReactionPicker
              message={message}
              viewerId={viewerId}
              onPick={(emoji, on) => submit({ intent: 'react', messageId: message.id, emoji, on: String(on) })}
            />
          ) : null}
          {own && canPost && !editing ? (
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={t('message.editLabel')}>
              <Pencil aria-hidden="true" className="size-3.5" />
              <span className="sr-only sm:not-sr-only">{t('message.edit')}</span>
            </Button>
          ) : null}
          {own || canModerate ? (
            <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)} aria-label={t('message.deleteLabel')}>
              <Trash2 aria-hidden="true" className="size-3.5" />
              <span className="sr-only sm:not-sr-only">{t('message.delete')}</span>
            </Button>
          ) : null}
        </div>
      ) : null}

      <Dialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <DialogContent title={t('message.deleteTitle')} description={t('message.deleteDescription')}>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('message.cancel')}</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => {
                // The fetcher's state carries the answer; nothing waits for it here.
                void submit({ intent: 'delete', messageId: message.id })
                setConfirmDelete(false)
              }}
            >
              {t('message.deleteConfirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  )
}

/** The fixed reaction set in a small popover; each button toggles the viewer's reaction. */
function ReactionPicker({ message, viewerId, onPick }: { message: Message; viewerId: string; onPick: (emoji: string, on: boolean) => void }) {
  const { t } = useTranslation('chat')
  const [open, setOpen] = useState(false)
  const mine = new Set(message.reactions.filter((reaction) => reaction.userIds.includes(viewerId)).map((reaction) => reaction.emoji))
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={t('message.react')}>
          <SmilePlus aria-hidden="true" className="size-3.5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-auto p-1">
        <div role="group" aria-label={t('message.reactions')} className="flex gap-1">
          {REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-pressed={mine.has(emoji)}
              aria-label={t('message.reactWith', { emoji })}
              className={cn('rounded p-1 text-lg hover:bg-muted', mine.has(emoji) && 'bg-primary/10')}
              onClick={() => {
                onPick(emoji, !mine.has(emoji))
                setOpen(false)
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  )
}
