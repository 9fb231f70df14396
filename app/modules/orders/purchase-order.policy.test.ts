import { describe, expect, it } from 'vitest'
import type { Actor } from '../../platform/actor'
import type { PurchaseOrderStatus } from './orders.constants'
import {
  canDeliver,
  canEditDraft,
  canProposeChange,
  canRequestCancellation,
  canResolveDispute,
  canShip,
  changeAnswerCheck,
  checkPurchaseOrderStep,
  draftEditCheck,
  partyMayTakeStep,
  partyOf,
  purchaseOrderActions,
} from './purchase-order.policy'

const actorOf = (companyId: string | null): Actor => ({
  userId: `user-of-${companyId}`,
  sessionId: 'session',
  companyId,
  memberRole: companyId ? 'member' : null,
  platformRole: 'user',
  companyKind: 'both',
  contactVerified: true,
  aal: 'aal1',
})
const buyer = actorOf('buyer-co')
const supplier = actorOf('supplier-co')
const stranger = actorOf('other-co')

const order = (status: PurchaseOrderStatus, lines = [{ quantity: 10, shippedQuantity: 0 }]) => ({
  status,
  buyerCompanyId: 'buyer-co',
  supplierCompanyId: 'supplier-co',
  lines,
})
const shippedInFull = [{ quantity: 10, shippedQuantity: 10 }]
const pendingBy = (companyId: string) => ({ status: 'pending', requestedByCompanyId: companyId })

describe('purchase order policy', () => {
  it('knows each company’s side, and hides a draft from its supplier', () => {
    expect(partyOf(order('placed'), 'buyer-co')).toBe('buyer')
    expect(partyOf(order('placed'), 'supplier-co')).toBe('supplier')
    expect(partyOf(order('draft'), 'supplier-co')).toBeNull()
    expect(partyOf(order('placed'), 'other-co')).toBeNull()
    expect(partyOf(order('placed'), null)).toBeNull()
  })

  it('follows the machine for each side, and refuses a company that is no party', () => {
    expect(checkPurchaseOrderStep(supplier, order('placed'), 'confirm')).toEqual({ ok: true, to: 'confirmed' })
    expect(checkPurchaseOrderStep(buyer, order('placed'), 'confirm')).toEqual({ ok: false, problem: 'not_your_turn' })
    expect(checkPurchaseOrderStep(supplier, order('draft'), 'confirm')).toEqual({ ok: false, problem: 'not_your_turn' })
    expect(checkPurchaseOrderStep(buyer, order('draft'), 'confirm')).toEqual({ ok: false, problem: 'invalid_transition' })
    expect(checkPurchaseOrderStep(stranger, order('placed'), 'cancel')).toEqual({ ok: false, problem: 'not_your_turn' })
  })

  it('lets the supplier ship only while something is left, and the buyer take delivery only of everything', () => {
    expect(canShip(supplier, order('confirmed'))).toBe(true)
    expect(canShip(supplier, order('shipped', [{ quantity: 10, shippedQuantity: 4 }]))).toBe(true)
    expect(canShip(supplier, order('shipped', shippedInFull))).toBe(false)
    expect(canDeliver(buyer, order('shipped', [{ quantity: 10, shippedQuantity: 4 }]))).toBe(false)
    expect(canDeliver(buyer, order('shipped', shippedInFull))).toBe(true)
    expect(canDeliver(supplier, order('shipped', shippedInFull))).toBe(false)
  })

  it('lets only the company that opened a dispute close it', () => {
    expect(canResolveDispute(buyer, 'buyer-co')).toBe(true)
    expect(canResolveDispute(supplier, 'buyer-co')).toBe(false)
    expect(canResolveDispute(supplier, null)).toBe(true)
    const disputed = { ...order('disputed'), disputedBy: 'buyer-co' }
    expect(purchaseOrderActions(buyer, disputed, null).steps).toContain('resolve')
    expect(purchaseOrderActions(supplier, disputed, null).steps).not.toContain('resolve')
    expect(purchaseOrderActions(supplier, { ...disputed, disputedBy: null }, null).steps).toContain('resolve')
  })

  it('lets only the buyer edit, and only a draft', () => {
    expect(canEditDraft(buyer, order('draft'))).toBe(true)
    expect(draftEditCheck(buyer, order('placed'))).toEqual({ ok: false, problem: 'invalid_transition' })
    expect(draftEditCheck(supplier, order('placed'))).toEqual({ ok: false, problem: 'not_your_turn' })
    expect(draftEditCheck(stranger, order('draft'))).toEqual({ ok: false, problem: 'not_your_turn' })
  })

  it('takes proposals while the order is placed, confirmed or in production, and cancellation requests after confirmation', () => {
    expect((['draft', 'placed', 'confirmed', 'in_production', 'shipped'] as const).map((status) => canProposeChange(supplier, order(status)))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ])
    expect((['placed', 'confirmed', 'in_production', 'shipped'] as const).map((status) => canRequestCancellation(buyer, order(status)))).toEqual([
      false,
      true,
      true,
      false,
    ])
    expect(canProposeChange(stranger, order('placed'))).toBe(false)
  })

  it('has the other party decide on a pending request, and its author withdraw it', () => {
    expect(changeAnswerCheck(supplier, pendingBy('buyer-co'), 'accept')).toEqual({ ok: true })
    expect(changeAnswerCheck(supplier, pendingBy('buyer-co'), 'reject')).toEqual({ ok: true })
    expect(changeAnswerCheck(buyer, pendingBy('buyer-co'), 'accept')).toEqual({ ok: false, problem: 'not_counterpart' })
    expect(changeAnswerCheck(buyer, pendingBy('buyer-co'), 'withdraw')).toEqual({ ok: true })
    expect(changeAnswerCheck(supplier, pendingBy('buyer-co'), 'withdraw')).toEqual({ ok: false, problem: 'not_author' })
    expect(changeAnswerCheck(supplier, { status: 'accept', requestedByCompanyId: 'buyer-co' }, 'reject')).toEqual({ ok: false, problem: 'already_decided' })
  })

  it('offers each side what it may do now, and nothing while a request waits that is not its to answer', () => {
    expect(purchaseOrderActions(buyer, order('draft'), null)).toEqual({
      steps: ['place', 'cancel'],
      editDraft: true,
      requestChange: false,
      requestCancellation: false,
      decideChange: false,
      withdrawChange: false,
    })
    expect(purchaseOrderActions(supplier, order('confirmed'), null)).toEqual({
      steps: ['start_production', 'ship'],
      editDraft: false,
      requestChange: true,
      requestCancellation: true,
      decideChange: false,
      withdrawChange: false,
    })
    expect(purchaseOrderActions(supplier, order('confirmed'), pendingBy('buyer-co'))).toMatchObject({
      requestChange: false,
      requestCancellation: false,
      decideChange: true,
      withdrawChange: false,
    })
    expect(purchaseOrderActions(buyer, order('confirmed'), pendingBy('buyer-co'))).toMatchObject({ decideChange: false, withdrawChange: true })
    // `agree_cancel` is never a step of its own: it happens when a cancellation request is accepted.
    expect(purchaseOrderActions(buyer, order('in_production'), null).steps).toEqual([])
    expect(purchaseOrderActions(buyer, order('shipped', [{ quantity: 10, shippedQuantity: 4 }]), null).steps).toEqual([])
    expect(purchaseOrderActions(buyer, order('shipped', shippedInFull), null).steps).toEqual(['deliver'])
  })

  it('lets the supplier’s board move a card only where the machine allows the supplier', () => {
    expect(partyMayTakeStep('supplier', 'placed', 'confirm')).toBe(true)
    expect(partyMayTakeStep('supplier', 'placed', 'start_production')).toBe(false)
    expect(partyMayTakeStep('buyer', 'placed', 'confirm')).toBe(false)
  })
})
