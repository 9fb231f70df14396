import { describe, expect, it } from 'vitest'
import { fieldErrorsOf } from '../../platform/validation'
import { failingStep } from './components/supplier-onboard-steps'
import { ApplicationQuery, SubmitApplicationInput, SupplierOnboardProfileInput, UpdateSupplierProfileInput } from './supplier.inputs'

describe('supplier inputs', () => {
  it('reads export markets from a form field or an array, as upper-case ISO codes without duplicates', () => {
    expect(SupplierOnboardProfileInput.parse({ supplierType: 'manufacturer', exportMarkets: 'us, de,US' }).exportMarkets).toEqual(['US', 'DE'])
    expect(UpdateSupplierProfileInput.parse({ exportMarkets: ['jp'] }).exportMarkets).toEqual(['JP'])
    expect(UpdateSupplierProfileInput.parse({}).exportMarkets).toBeUndefined()
  })

  it('names the field of an unknown country or supplier type', () => {
    const result = SupplierOnboardProfileInput.safeParse({ supplierType: 'pirate', exportMarkets: 'US, Atlantis' })
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ supplierType: ['validation.supplierType'], exportMarkets: ['validation.country'] })
  })

  it('needs at least one document and at most ten', () => {
    expect(SubmitApplicationInput.safeParse({ supplierType: 'wholesaler', documentFileIds: [] }).error?.issues[0]?.message).toBe('validation.documentsRequired')
    const eleven = Array.from({ length: 11 }, (_, index) => `file-${index}`)
    expect(SubmitApplicationInput.safeParse({ supplierType: 'wholesaler', documentFileIds: eleven }).error?.issues[0]?.message).toBe(
      'validation.tooManyDocuments',
    )
    expect(SubmitApplicationInput.parse({ supplierType: 'wholesaler', documentFileIds: 'a,b' })).toEqual({
      supplierType: 'wholesaler',
      documentFileIds: ['a', 'b'],
      message: '',
    })
  })

  it('opens the review queue on pending applications and ignores empty filters', () => {
    expect(ApplicationQuery.parse({ status: '', supplierType: '', country: '', q: '' })).toEqual({ status: 'pending', limit: 20, offset: 0 })
    expect(ApplicationQuery.parse({ status: 'all', country: 'cn' })).toMatchObject({ status: 'all', country: 'CN' })
  })
})

describe('the public application’s steps', () => {
  it('reopens the first step that holds a failing field', () => {
    expect(failingStep({ message: ['validation.tooLong'], legalName: ['validation.legalName'] })).toBe('company')
    expect(failingStep({ 'mainProducts.2': ['validation.listItemTooLong'] })).toBe('company')
    expect(failingStep({ documents: ['validation.documentsRequired'] })).toBe('documents')
  })

  it('sends account and upload errors to their steps, anything else to the review', () => {
    expect(failingStep({}, 'user_already_exists')).toBe('account')
    expect(failingStep({}, 'weak_password')).toBe('account')
    expect(failingStep({}, 'file_type_not_allowed')).toBe('documents')
    expect(failingStep({}, 'application_pending')).toBe('review')
  })
})
