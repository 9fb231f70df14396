import { Paperclip, SendHorizontal, X } from 'lucide-react'
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_CHARS } from '../messaging.constants'
import { type UploadedFile, uploadAttachment } from './chat-api'
import { filterMentionables, insertMention, type Mentionable, type MentionQuery, mentionedUserIds, mentionQueryAt } from './mentions'

/** The counter appears when this few characters are left. */
const COUNTER_FROM = 500

export type ComposerDraft = { body: string; mentions: string[]; attachments: UploadedFile[] }
export type SendOutcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string[]> }

type ComposerProps = {
  participants: Mentionable[]
  viewerId: string
  disabled: boolean
  /** Resolves once the message is stored or refused; a refusal puts the draft back. */
  onSend: (draft: ComposerDraft) => Promise<SendOutcome>
  /** Called on every keystroke (`true`) and when typing stops (`false`); the realtime hook throttles it. */
  onTyping: (typing: boolean) => void
  /** The text the box starts with (a product page's "Message supplier" names the product). */
  initialBody?: string
}

/**
 * The message box: Enter sends, Shift+Enter adds a line; `@` opens an accessible list of participants to mention;
 * files are uploaded as they are picked and sent as attachments. A refused message keeps its text and files.
 */
export function Composer({ participants, viewerId, disabled, onSend, onTyping, initialBody = '' }: ComposerProps) {
  const { t } = useTranslation('chat')
  const { t: tField } = useTranslation('messaging')
  const format = useFormatter()
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [body, setBody] = useState(initialBody)
  const [picked, setPicked] = useState<Mentionable[]>([])
  const [attachments, setAttachments] = useState<UploadedFile[]>([])
  const [uploading, setUploading] = useState<string[]>([])
  const [mention, setMention] = useState<MentionQuery | null>(null)
  const [active, setActive] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  // A starting text is there to be finished: the caret waits after it.
  useEffect(() => {
    const box = textareaRef.current
    if (!initialBody || !box) return
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
  }, [initialBody])
  const ids = { textarea: useId(), list: useId(), hint: useId(), counter: useId(), error: useId(), file: useId() }

  const options = mention ? filterMentionables(participants, mention.query, viewerId) : []
  const listOpen = options.length > 0
  const remaining = MESSAGE_MAX_CHARS - body.length
  // A message needs text or at least one file (the server's rule too).
  const canSend = !disabled && !sending && uploading.length === 0 && (body.trim().length > 0 || attachments.length > 0) && remaining >= 0

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setBody(event.target.value)
    setError(null)
    setMention(mentionQueryAt(event.target.value, event.target.selectionStart))
    setActive(0)
    onTyping(event.target.value.length > 0)
  }

  const choose = (person: Mentionable) => {
    const textarea = textareaRef.current
    if (!mention || !textarea) return
    const next = insertMention(body, mention, person, textarea.selectionStart)
    setBody(next.text)
    setPicked((current) => (current.some((one) => one.userId === person.userId) ? current : [...current, person]))
    setMention(null)
    requestAnimationFrame(() => {
      textarea.focus()
      textarea.setSelectionRange(next.caret, next.caret)
    })
  }

  const send = async () => {
    if (!canSend) return
    const draft: ComposerDraft = { body: body.trim(), mentions: mentionedUserIds(body, picked), attachments }
    const kept = { body, picked, attachments }
    setSending(true)
    setBody('')
    setPicked([])
    setAttachments([])
    onTyping(false)
    const outcome = await onSend(draft)
    setSending(false)
    if (outcome.ok) return
    setBody((current) => (current ? current : kept.body))
    setPicked(kept.picked)
    setAttachments(kept.attachments)
    // Socket refusals carry catalog keys, REST refusals translated messages: a key is looked up, a message kept.
    const fieldMessages = Object.values(outcome.fields ?? {})
      .flat()
      .map((field) => tField(field, { defaultValue: field }))
    setError([outcome.message, ...fieldMessages].filter(Boolean).join(' '))
    textareaRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return
    if (listOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length)
        return
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault()
        const person = options[active]
        if (person) choose(person)
        return
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        setMention(null)
        return
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      void send()
    }
  }

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (attachments.length + uploading.length + files.length > MESSAGE_MAX_ATTACHMENTS) {
      setError(t('composer.tooManyAttachments', { count: format.number(MESSAGE_MAX_ATTACHMENTS) }))
      return
    }
    setError(null)
    await Promise.all(
      files.map(async (file) => {
        setUploading((current) => [...current, file.name])
        const result = await uploadAttachment(file, t('composer.uploadFailed', { name: file.name }))
        setUploading((current) => current.filter((name) => name !== file.name))
        if (result.ok) setAttachments((current) => [...current, result.value])
        else setError(t('composer.uploadRefused', { name: file.name, reason: result.error.message }))
      }),
    )
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void send()
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-border pt-3" aria-label={t('composer.formLabel')}>
      <div className="relative">
        <label htmlFor={ids.textarea} className="sr-only">
          {t('composer.label')}
        </label>
        <Textarea
          ref={textareaRef}
          id={ids.textarea}
          name="body"
          rows={3}
          value={body}
          disabled={disabled}
          placeholder={disabled ? t('composer.disabled') : t('composer.placeholder')}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setMention(null)
            onTyping(false)
          }}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={ids.list}
          aria-activedescendant={listOpen ? `${ids.list}-${active}` : undefined}
          aria-describedby={[ids.hint, remaining <= COUNTER_FROM ? ids.counter : null, error ? ids.error : null].filter(Boolean).join(' ')}
          aria-invalid={remaining < 0 || error ? true : undefined}
        />
        <ul
          id={ids.list}
          role="listbox"
          aria-label={t('composer.mentionsLabel')}
          hidden={!listOpen}
          className="absolute bottom-full start-0 z-10 mb-1 max-h-56 w-64 overflow-auto rounded-md border border-border bg-popover p-1 shadow-md"
        >
          {options.map((person, index) => (
            <li
              key={person.userId}
              id={`${ids.list}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'cursor-pointer rounded bg-accent px-2 py-1 text-sm' : 'cursor-pointer rounded px-2 py-1 text-sm'}
              onMouseDown={(event) => {
                event.preventDefault()
                choose(person)
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <p id={ids.hint}>{t('composer.hint')}</p>
        {remaining <= COUNTER_FROM ? (
          <p id={ids.counter} aria-live="polite" className={remaining < 0 ? 'text-destructive' : undefined}>
            {remaining < 0 ? t('composer.tooLong', { count: format.number(-remaining) }) : t('composer.remaining', { count: format.number(remaining) })}
          </p>
        ) : null}
      </div>

      {attachments.length + uploading.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('composer.attachmentsLabel')}>
          {attachments.map((file) => (
            <li key={file.id} className="inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs">
              <Paperclip aria-hidden="true" className="size-3" />
              {file.name}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-muted"
                aria-label={t('composer.removeAttachment', { name: file.name })}
                onClick={() => setAttachments((current) => current.filter((one) => one.id !== file.id))}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
          {uploading.map((name) => (
            <li
              key={`uploading-${name}`}
              className="inline-flex items-center gap-1 rounded-full border border-dashed border-border px-2 py-0.5 text-xs"
              aria-live="polite"
            >
              {t('composer.uploading', { name })}
            </li>
          ))}
        </ul>
      ) : null}

      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}

      <div className="flex items-center justify-between gap-2">
        <div>
          <input
            ref={fileRef}
            id={ids.file}
            type="file"
            multiple
            className="sr-only"
            onChange={(event) => void onFiles(event)}
            disabled={disabled}
            tabIndex={-1}
            aria-hidden="true"
          />
          <Button variant="ghost" size="sm" onClick={() => fileRef.current?.click()} disabled={disabled || attachments.length >= MESSAGE_MAX_ATTACHMENTS}>
            <Paperclip aria-hidden="true" className="size-4" />
            {t('composer.attach')}
          </Button>
        </div>
        <Button type="submit" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" className="size-4" />
          {t('composer.send')}
        </Button>
      </div>
    </form>
  )
}
