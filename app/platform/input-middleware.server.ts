import { data, type MiddlewareFunction } from 'react-router'
import { requestInfoContext } from './request-info'

/** First root middleware: a request the input guard refused (ADR 018) reaches no loader or action, only the error page. */
export const rejectedInputMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  const rejected = context.get(requestInfoContext).rejectedInput
  if (rejected) throw data(rejected.message, { status: rejected.status })
}
