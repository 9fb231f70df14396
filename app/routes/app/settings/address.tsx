import { randomUUID } from 'node:crypto'
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react'
import { useEffect, useEffectEvent, useState } from 'react'
import { useFetcher } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../../../components/ui/dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { toast } from '../../../components/ui/toast'
import {
  ADDRESS_TYPES,
  type Address,
  AddressCard,
  AddressForm,
  addressHeadingId,
  AddressInput,
  type AddressType,
  canEditCompany,
  CreateAddressInput,
  MAX_ADDRESSES_PER_TYPE,
  SettingsNav,
} from '../../../modules/companies/index'
import {
  createAddress,
  deleteAddress,
  getCompanyProfile,
  listAddresses,
  requireActor,
  setDefaultAddress,
  updateAddress,
} from '../../../modules/companies/index.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/address'
import { PAGE_MESSAGES } from '../../page-messages'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [addresses, profile] = await withRouteErrors(() => Promise.all([listAddresses(ctx), getCompanyProfile(ctx)]))
  return {
    ...pageData(ctx.locale, 'addresses', 'meta.title', PAGE_MESSAGES.companyAddresses),
    addresses,
    companyCountry: profile.country,
    canManage: canEditCompany(ctx.actor),
    // Revalidated after each address added, so the next one gets a key of its own.
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
    if (intent === 'create-address') {
      const parsed = parseForm(CreateAddressInput, form, ['isDefault'])
      if (!parsed.ok) return failure(parsed)
      return { ok: true as const, id: (await createAddress(ctx, parsed.data, idempotencyOfForm(form))).id }
    }
    if (intent === 'update-address') {
      const parsed = parseForm(AddressInput, form)
      if (!parsed.ok) return failure(parsed)
      return { ok: true as const, id: (await updateAddress(ctx, id, parsed.data)).id }
    }
    if (intent === 'set-default') return { ok: true as const, id: (await setDefaultAddress(ctx, id)).id }
    if (intent === 'delete') return { ok: true as const, id: (await deleteAddress(ctx, id)).id }
    return failure({ ok: false, fieldErrors: {} }, 400)
  } catch (error) {
    return failureFromError(error)
  }
}

type Editing = { kind: 'new'; type: AddressType } | { kind: 'edit'; id: string }

const sectionHeadingId = (type: AddressType) => `${type}-addresses-title`
const addButtonId = (type: AddressType) => `add-${type}-address`
const editButtonId = (addressId: string) => `edit-address-${addressId}`

/** Moves the focus once the element it names is on the page (after the revalidated list rendered). */
function useFocusRequest() {
  // A new object per request, so asking for the same element twice focuses it twice.
  const [target, setTarget] = useState<{ id: string } | null>(null)
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus()
  }, [target])
  return (id: string) => setTarget({ id })
}

/** A quick action a card sent: its answer arrives after the card may have moved or left the page. */
type CardRequest = { intent: 'set-default' | 'delete'; address: Address }

export default function AddressBook({ loaderData }: Route.ComponentProps) {
  const { addresses, companyCountry, canManage, idempotencyKey } = loaderData
  const { t } = useTranslation('addresses')
  const { locale } = useRootData()
  const [editing, setEditing] = useState<Editing | null>(null)
  const focus = useFocusRequest()
  const cardAction = useFetcher<typeof action>()
  const [cardRequest, setCardRequest] = useState<CardRequest | null>(null)
  const answer = cardAction.state === 'idle' ? cardAction.data : undefined
  const refusedDeletion = cardRequest?.intent === 'delete' && answer && !answer.ok ? { addressId: cardRequest.address.id, error: answer.formError } : undefined

  const onCardAnswer = useEffectEvent((data: NonNullable<typeof answer>) => {
    if (!cardRequest) return
    const { intent, address } = cardRequest
    if (!data.ok) {
      // A refused deletion is explained in its dialog, which stays open.
      if (intent === 'set-default' && data.formError) void toast.error(data.formError.message)
      return
    }
    if (intent === 'set-default') {
      void toast.success(t('card.defaultChanged', { label: address.label }))
      focus(addressHeadingId(address.id))
    } else {
      void toast.success(t('delete.done'))
      focus(sectionHeadingId(address.type))
    }
  })

  useEffect(() => {
    if (answer) onCardAnswer(answer)
  }, [answer])

  function closeForm(returnFocusTo: string) {
    setEditing(null)
    focus(returnFocusTo)
  }

  function saved(addressId: string | undefined, created: boolean) {
    void toast.success(created ? t('form.created') : t('form.saved'))
    setEditing(null)
    if (addressId) focus(addressHeadingId(addressId))
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('page.description')}</p>
      </div>
      <SettingsNav locale={locale} />
      {canManage ? null : <Alert tone="info">{t('page.readOnly')}</Alert>}
      {ADDRESS_TYPES.map((type) => {
        const ofType = addresses.filter((address) => address.type === type)
        const adding = editing?.kind === 'new' && editing.type === type
        const full = ofType.length >= MAX_ADDRESSES_PER_TYPE
        return (
          <Card key={type} aria-labelledby={sectionHeadingId(type)} data-testid={`addresses-${type}`}>
            <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
              <div className="flex flex-col gap-1">
                <CardTitle id={sectionHeadingId(type)} tabIndex={-1} className="outline-none">
                  {t(`types.${type}.title`)}
                </CardTitle>
                <CardDescription>{t(`types.${type}.description`)}</CardDescription>
              </div>
              {canManage ? (
                <Button id={addButtonId(type)} variant="secondary" onClick={() => setEditing({ kind: 'new', type })} disabled={adding || full}>
                  <Plus aria-hidden="true" />
                  {t(`types.${type}.add`)}
                </Button>
              ) : null}
            </div>
            {canManage && full ? (
              <Alert tone="warning" className="mb-4">
                {t('page.limitReached', { max: MAX_ADDRESSES_PER_TYPE })}
              </Alert>
            ) : null}
            {adding ? (
              <div className="mb-4">
                <AddressForm
                  type={type}
                  defaultCountry={companyCountry}
                  locale={locale}
                  idempotencyKey={idempotencyKey}
                  onCancel={() => closeForm(addButtonId(type))}
                  onSaved={(addressId) => saved(addressId, true)}
                />
              </div>
            ) : null}
            {ofType.length === 0 ? (
              adding ? null : (
                <EmptyState
                  icon={MapPin}
                  title={t(`types.${type}.empty`)}
                  description={canManage ? t(`types.${type}.emptyAdmin`) : t(`types.${type}.emptyMember`)}
                />
              )
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {ofType.map((address) =>
                  editing?.kind === 'edit' && editing.id === address.id ? (
                    <li key={address.id} className="sm:col-span-2 xl:col-span-3">
                      <AddressForm
                        address={address}
                        type={address.type}
                        locale={locale}
                        onCancel={() => closeForm(editButtonId(address.id))}
                        onSaved={(addressId) => saved(addressId, false)}
                      />
                    </li>
                  ) : (
                    <li key={address.id}>
                      <AddressCard
                        address={address}
                        locale={locale}
                        actions={
                          canManage ? (
                            <AddressActions
                              address={address}
                              fetcher={cardAction}
                              onEdit={() => setEditing({ kind: 'edit', id: address.id })}
                              onRequest={(intent) => setCardRequest({ intent, address })}
                              refusedDeletion={refusedDeletion?.addressId === address.id ? refusedDeletion.error : undefined}
                            />
                          ) : undefined
                        }
                      />
                    </li>
                  ),
                )}
              </ul>
            )}
          </Card>
        )
      })}
    </div>
  )
}

type CardFetcher = ReturnType<typeof useFetcher<typeof action>>

type AddressActionsProps = {
  address: Address
  fetcher: CardFetcher
  onEdit: () => void
  onRequest: (intent: CardRequest['intent']) => void
  refusedDeletion: FormErrorData
}

/** Edit, set as default and delete (with a confirmation) for one address card. */
function AddressActions({ address, fetcher, onEdit, onRequest, refusedDeletion }: AddressActionsProps) {
  const { t } = useTranslation('addresses')
  const busy = fetcher.state !== 'idle'
  const describedBy = addressHeadingId(address.id)
  return (
    <>
      <Button id={editButtonId(address.id)} size="sm" variant="secondary" onClick={onEdit} aria-describedby={describedBy}>
        <Pencil aria-hidden="true" />
        {t('card.edit')}
      </Button>
      {address.isDefault ? null : (
        <fetcher.Form method="post" onSubmit={() => onRequest('set-default')}>
          <input type="hidden" name="intent" value="set-default" />
          <input type="hidden" name="id" value={address.id} />
          <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-describedby={describedBy}>
            <Star aria-hidden="true" />
            {t('card.setDefault')}
          </Button>
        </fetcher.Form>
      )}
      <DeleteAddress address={address} fetcher={fetcher} onRequest={() => onRequest('delete')} refused={refusedDeletion} />
    </>
  )
}

/** The card, and this dialog with it, leaves the page once the address is deleted. */
function DeleteAddress({ address, fetcher, onRequest, refused }: { address: Address; fetcher: CardFetcher; onRequest: () => void; refused: FormErrorData }) {
  const { t } = useTranslation('addresses')
  const [open, setOpen] = useState(false)
  const busy = fetcher.state !== 'idle'
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-destructive" aria-describedby={addressHeadingId(address.id)}>
          <Trash2 aria-hidden="true" />
          {t('card.delete')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('delete.title')} description={t('delete.description', { label: address.label })}>
        {address.isDefault ? <p className="text-sm text-muted-foreground">{t('delete.defaultNote')}</p> : null}
        <FormError error={refused} />
        <fetcher.Form method="post" onSubmit={onRequest}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                {t('delete.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={busy}>
              {t('delete.confirm')}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
