import { createContext } from 'react-router'

/** A request the input guard refused (ADR 018), as the error page shows it. */
export type RejectedInput = { status: number; message: string }

/** What the HTTP layer hands to React Router for each document or data request. */
export type RequestInfo = {
  requestId: string
  /** The CSP nonce every inline script must carry. */
  nonce: string
  clientIp: string
  /** Test-only: a fault the page should raise (FAULT_INJECTION=on), so error pages can be exercised. */
  faultInjection: string | null
  /** The input guard refused this request's text (ADR 018): the root middleware answers with this error. */
  rejectedInput: RejectedInput | null
}

export const requestInfoContext = createContext<RequestInfo>({ requestId: '', nonce: '', clientIp: 'unknown', faultInjection: null, rejectedInput: null })
