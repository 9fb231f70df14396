import { redirect } from 'react-router'
import { requireActor } from '../../../modules/companies/index.server'
import type { ThreadTarget } from '../../../modules/messaging/index'
import { openThread } from '../../../modules/messaging/index.server'
import { failure, failureFromError } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import type { Route } from './+types/open'

const field = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

/** The thread a "Message" button asks for; the service checks that the caller may talk about that record. */
function threadTarget(form: FormData): ThreadTarget | null {
  const companyId = field(form, 'companyId')
  const rfqId = field(form, 'rfqId')
  const quotationId = field(form, 'quotationId')
  const orderId = field(form, 'orderId')
  switch (field(form, 'kind')) {
    case 'direct':
      return companyId ? { kind: 'direct', companyId } : null
    case 'rfq': {
      const supplierCompanyId = field(form, 'supplierCompanyId')
      return rfqId ? { kind: 'rfq', rfqId, ...(supplierCompanyId ? { supplierCompanyId } : {}) } : null
    }
    case 'quotation':
      return quotationId ? { kind: 'quotation', quotationId } : null
    case 'order':
      return orderId ? { kind: 'order', orderId } : null
    default:
      return null
  }
}

/**
 * Opens (or creates on first use) the thread about a record, then shows it. A product page's "Message supplier" also
 * names the product: the conversation page starts the message with it.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const target = threadTarget(form)
  if (!target) return failure({ ok: false, fieldErrors: { kind: ['validation.kind'] } }, 422)
  const productId = target.kind === 'direct' ? field(form, 'productId') : undefined
  try {
    const conversation = await openThread(ctx, target)
    const about = productId ? `?${new URLSearchParams({ product: productId })}` : ''
    return redirect(localizePath(ctx.locale, `/app/inbox/${encodeURIComponent(conversation.id)}${about}`))
  } catch (error) {
    return failureFromError(error)
  }
}
