import { type DragEvent, useId, useRef, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Money } from '../../../components/money'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog'
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip'
import { useFormatter } from '../../../components/use-formatter'
import { useHydrated } from '../../../components/use-hydrated'
import { useTranslation } from '../../../platform/i18n/react'
import type { PurchaseOrderStatus } from '../orders.constants'
import type { PurchaseOrderAction } from '../purchase-order.machine'
import { partyMayTakeStep } from '../purchase-order.policy'
import { calendarDay } from './calendar-day'

/** The board's columns, left to right; `delivered` is shown read-only (recent orders only). */
export const BOARD_COLUMNS = ['placed', 'confirmed', 'in_production', 'shipped', 'delivered'] as const satisfies readonly PurchaseOrderStatus[]
export type BoardColumn = (typeof BOARD_COLUMNS)[number]

/** What a card can be moved with: the two plain steps, and shipping everything that remains. */
export const BOARD_INTENTS = ['confirm', 'start_production', 'ship_all'] as const
export type BoardIntent = (typeof BOARD_INTENTS)[number]
export const isBoardIntent = (value: string): value is BoardIntent => (BOARD_INTENTS as readonly string[]).includes(value)

const INTENT_TARGET: Record<BoardIntent, { to: BoardColumn; action: PurchaseOrderAction }> = {
  confirm: { to: 'confirmed', action: 'confirm' },
  start_production: { to: 'in_production', action: 'start_production' },
  ship_all: { to: 'shipped', action: 'ship' },
}

/** The state-machine action an intent takes. */
export const boardIntentAction = (intent: BoardIntent): PurchaseOrderAction => INTENT_TARGET[intent].action

/** The intent that moves a card from its status into `to`, when the supplier may take it; null otherwise. */
export function boardMove(from: PurchaseOrderStatus, to: BoardColumn): BoardIntent | null {
  if (from === to) return null
  const intent = BOARD_INTENTS.find((candidate) => INTENT_TARGET[candidate].to === to)
  if (!intent) return null
  return partyMayTakeStep('supplier', from, INTENT_TARGET[intent].action) ? intent : null
}

/** One order as a card shows it. `seen` is the order version the page loaded (a move is refused when the order has changed since). */
export type BoardCard = {
  id: string
  number: string
  status: BoardColumn
  buyer: string
  /** The supplier's orders from this buyer; null when the buyer's company is gone. */
  buyerHref: string | null
  total: string
  currency: string
  requestedDeliveryDate: string | null
  /** The requested delivery date has passed (decided by the server, so both renders agree). */
  overdue: boolean
  seen: string
  href: string
}

export type BoardColumnData = { status: BoardColumn; total: number; cards: BoardCard[]; moreHref: string }

/** What the board's action answers. */
export type BoardActionResult =
  { ok: true; intent: BoardIntent; number: string } | { ok: false; intent?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

type FulfilmentBoardProps = {
  columns: BoardColumnData[]
  /** The card whose "ship all remaining" is being confirmed without JavaScript (`?ship=<id>`). */
  confirmShipId: string | null
  /** The page URL without `?ship`, where a cancelled confirmation returns. */
  boardHref: string
  /** The answer of a plain form post (no JavaScript). */
  pageResult: BoardActionResult | undefined
}

/**
 * The supplier's open orders by status. A card moves one step to the right by dragging it onto the next column or
 * with its "Move to …" buttons (keyboard and no-JavaScript); shipping everything that remains is confirmed first.
 */
export function FulfilmentBoard({ columns, confirmShipId, boardHref, pageResult }: FulfilmentBoardProps) {
  const { t } = useTranslation('fulfilment')
  const format = useFormatter()
  const hydrated = useHydrated()
  const fetcher = useFetcher<BoardActionResult>({ key: 'fulfilment-move' })
  const [dragging, setDragging] = useState<BoardCard | null>(null)
  // The card being dragged, known to the drag events at once (state reaches them only after the next render, and a
  // quick drag can reach its drop target before that).
  const draggingRef = useRef<BoardCard | null>(null)
  const startDrag = (card: BoardCard | null) => {
    draggingRef.current = card
    setDragging(card)
  }
  const [over, setOver] = useState<BoardColumn | null>(null)
  const [shipping, setShipping] = useState<BoardCard | null>(null)
  const cards = columns.flatMap((column) => column.cards)
  const confirmCard = confirmShipId ? (cards.find((card) => card.id === confirmShipId && boardMove(card.status, 'shipped')) ?? null) : null

  // While a move is on its way the card already shows in its new column; the loader's answer (or a refusal) settles it.
  const pendingId = fetcher.formData?.get('orderId')
  const pendingIntent = String(fetcher.formData?.get('intent') ?? '')
  const pending = typeof pendingId === 'string' && isBoardIntent(pendingIntent) ? { id: pendingId, to: INTENT_TARGET[pendingIntent].to } : null
  const placed = (column: BoardColumn) =>
    pending
      ? [
          ...cards.filter((card) => card.id !== pending.id && card.status === column),
          ...cards.filter((card) => card.id === pending.id && pending.to === column),
        ]
      : cards.filter((card) => card.status === column)

  const result = fetcher.state === 'idle' && fetcher.data ? fetcher.data : pageResult
  const move = (card: BoardCard, intent: BoardIntent) => fetcher.submit({ intent, orderId: card.id, seen: card.seen }, { method: 'post' })

  const dropOn = (column: BoardColumn) => (event: DragEvent) => {
    event.preventDefault()
    const card = draggingRef.current
    startDrag(null)
    setOver(null)
    const intent = card ? boardMove(card.status, column) : null
    if (!card || !intent) return
    if (intent === 'ship_all') setShipping(card)
    else void move(card, intent)
  }

  return (
    // A container: the board counts its columns by its own width, which the sidebar shares with it on a large screen.
    <div className="@container flex flex-col gap-4">
      {result?.ok ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t(`board.moved.${result.intent}`, { number: result.number })}
        </p>
      ) : null}
      {result && !result.ok ? <FormError error={result.formError} /> : null}
      {confirmCard ? <ShipConfirmation card={confirmCard} cancelHref={boardHref} /> : null}
      <p className="text-sm text-muted-foreground">{t(hydrated ? 'board.hint' : 'board.hintNoScript')}</p>
      <div className="grid grid-cols-1 gap-4 @2xl:grid-cols-2 @4xl:grid-cols-3 @5xl:grid-cols-5">
        {columns.map((column) => {
          const allowed = dragging ? boardMove(dragging.status, column.status) !== null : false
          const disabled = dragging !== null && !allowed && dragging.status !== column.status
          return (
            <section
              key={column.status}
              aria-labelledby={`board-column-${column.status}`}
              aria-disabled={disabled || undefined}
              data-testid={`board-column-${column.status}`}
              onDragOver={(event) => {
                const card = draggingRef.current
                if (!card || boardMove(card.status, column.status) === null) return
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
                setOver(column.status)
              }}
              onDragLeave={() => setOver((current) => (current === column.status ? null : current))}
              onDrop={dropOn(column.status)}
              className={cn(
                'flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-muted/40 p-3 transition-opacity @2xl:min-h-40',
                disabled && 'opacity-50',
                allowed && 'border-dashed border-primary',
                over === column.status && 'bg-primary/10',
              )}
            >
              <header className="flex items-center justify-between gap-2">
                <h2 id={`board-column-${column.status}`} className="font-semibold">
                  {t(`statuses.${column.status}`)}
                </h2>
                <span className="text-xs text-muted-foreground">{t('board.count', { count: format.number(column.total) })}</span>
              </header>
              {disabled ? <p className="text-xs text-muted-foreground">{t('board.notAllowed')}</p> : null}
              {column.status === 'delivered' ? <p className="text-xs text-muted-foreground">{t('board.deliveredNote')}</p> : null}
              <ul className="flex flex-col gap-3">
                {placed(column.status).map((card) => (
                  <li key={card.id}>
                    <OrderCard
                      card={card}
                      draggable={hydrated && column.status !== 'delivered' && pending?.id !== card.id}
                      onDragStart={() => startDrag(card)}
                      onDragEnd={() => {
                        startDrag(null)
                        setOver(null)
                      }}
                      onMove={(intent) => (intent === 'ship_all' ? setShipping(card) : move(card, intent))}
                      busy={pending?.id === card.id}
                    />
                  </li>
                ))}
              </ul>
              {placed(column.status).length === 0 ? <p className="text-sm text-muted-foreground">{t('board.emptyColumn')}</p> : null}
              {column.total > column.cards.length ? (
                <Link to={column.moreHref} className="text-sm underline underline-offset-4">
                  {t('board.more', { count: format.number(column.total - column.cards.length) })}
                </Link>
              ) : null}
            </section>
          )
        })}
      </div>
      <Dialog open={shipping !== null} onOpenChange={(open) => (open ? null : setShipping(null))}>
        {shipping ? (
          <DialogContent title={t('ship.title', { number: shipping.number })} description={t('ship.description')}>
            <DialogFooter>
              <Button variant="secondary" onClick={() => setShipping(null)}>
                {t('ship.cancel')}
              </Button>
              <Button
                onClick={() => {
                  void move(shipping, 'ship_all')
                  setShipping(null)
                }}
              >
                {t('ship.confirm')}
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  )
}

type OrderCardProps = {
  card: BoardCard
  draggable: boolean
  busy: boolean
  onDragStart: () => void
  onDragEnd: () => void
  onMove: (intent: BoardIntent) => void
}

function OrderCard({ card, draggable, busy, onDragStart, onDragEnd, onMove }: OrderCardProps) {
  const { t } = useTranslation('fulfilment')
  const format = useFormatter()
  const titleId = useId()
  const moves = BOARD_COLUMNS.flatMap((to) => {
    const intent = boardMove(card.status, to)
    return intent ? [{ to, intent }] : []
  })
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', card.number)
        onDragStart()
      }}
      onDragEnd={onDragEnd}
      data-testid="board-card"
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-md border border-border bg-card p-3 text-card-foreground shadow-sm',
        draggable && 'cursor-grab',
        busy && 'opacity-60',
      )}
    >
      <h3 id={titleId} className="font-mono text-sm font-semibold">
        <Link to={card.href} className="underline-offset-4 hover:underline">
          {card.number}
        </Link>
      </h3>
      {/* A value moves under its label, still on the right, when both do not fit: a narrow column never pushes the
          amount out of the card, and an amount too long for a line breaks rather than overflows. */}
      <dl className="flex flex-col gap-1 text-sm">
        <div className="min-w-0">
          <dt className="sr-only">{t('card.buyer')}</dt>
          <dd className="min-w-0">
            <BuyerName name={card.buyer} href={card.buyerHref} />
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <dt className="text-muted-foreground">{t('card.total')}</dt>
          <dd className="ms-auto min-w-0 text-end font-medium tabular-nums wrap-anywhere" data-testid="board-card-total">
            <Money amount={card.total} currency={card.currency} />
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <dt className="text-muted-foreground">{t('card.requestedDelivery')}</dt>
          <dd className="ms-auto flex flex-wrap items-center justify-end gap-1 text-end">
            {card.requestedDeliveryDate ? format.date(calendarDay(card.requestedDeliveryDate)) : t('card.noDate')}
            {card.overdue ? <Badge variant="reject">{t('card.overdue')}</Badge> : null}
          </dd>
        </div>
      </dl>
      {moves.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {moves.map(({ to, intent }) =>
            intent === 'ship_all' ? (
              <Link
                key={intent}
                to={`?ship=${encodeURIComponent(card.id)}`}
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault()
                  onMove(intent)
                }}
                className={buttonClasses('secondary', 'h-auto min-h-8 py-1 whitespace-normal', 'sm')}
              >
                {t('card.shipAll')}
              </Link>
            ) : (
              <Form
                key={intent}
                method="post"
                onSubmit={(event) => {
                  event.preventDefault()
                  onMove(intent)
                }}
              >
                <input type="hidden" name="orderId" value={card.id} />
                <input type="hidden" name="seen" value={card.seen} />
                <Button
                  type="submit"
                  name="intent"
                  value={intent}
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  className="h-auto min-h-8 py-1 whitespace-normal"
                >
                  {t('card.moveTo', { column: t(`statuses.${to}`) })}
                </Button>
              </Form>
            ),
          )}
        </div>
      ) : null}
    </article>
  )
}

/**
 * The buyer on one line however long the name, cut with "…"; screen readers read all of it. Cut, the whole name shows
 * in a tooltip on hover or keyboard focus (a `title` before the page is hydrated, so it is never shown twice). It links
 * to the supplier's orders from that buyer.
 */
function BuyerName({ name, href }: { name: string; href: string | null }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLElement | null>(null)
  const measured = (element: HTMLElement | null) => {
    ref.current = element
  }
  const className = 'block truncate font-medium'
  const title = hydrated ? undefined : name
  const text = href ? (
    <Link ref={measured} to={href} title={title} className={cn(className, 'underline-offset-4 hover:underline')} data-testid="board-card-buyer">
      {name}
    </Link>
  ) : (
    <span ref={measured} title={title} className={className} data-testid="board-card-buyer">
      {name}
    </span>
  )
  if (!hydrated) return text
  const isCut = () => (ref.current ? ref.current.scrollWidth > ref.current.clientWidth : false)
  return (
    <Tooltip open={open} onOpenChange={(next) => setOpen(next && isCut())}>
      <TooltipTrigger asChild>{text}</TooltipTrigger>
      <TooltipContent className="break-words">{name}</TooltipContent>
    </Tooltip>
  )
}

/** The no-JavaScript confirmation of "ship all remaining" (with JavaScript a dialog asks instead). */
function ShipConfirmation({ card, cancelHref }: { card: BoardCard; cancelHref: string }) {
  const { t } = useTranslation('fulfilment')
  return (
    <Form
      method="post"
      action={cancelHref}
      className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4"
      aria-labelledby="ship-confirm-title"
    >
      <h2 id="ship-confirm-title" className="font-semibold">
        {t('ship.title', { number: card.number })}
      </h2>
      <p className="text-sm">{t('ship.description')}</p>
      <input type="hidden" name="orderId" value={card.id} />
      <input type="hidden" name="seen" value={card.seen} />
      <div className="flex gap-2">
        <Button type="submit" name="intent" value="ship_all">
          {t('ship.confirm')}
        </Button>
        <Link to={cancelHref} className={buttonClasses('secondary')}>
          {t('ship.cancel')}
        </Link>
      </div>
    </Form>
  )
}
