import { createContext } from 'react-router'

/** What the HTTP layer hands to React Router for each document or data request. */
export type RequestInfo = {
  requestId: string
  /** The CSP nonce every inline script must carry. */
  nonce: string
  clientIp: string
  /** Test-only: a fault the page should raise (FAULT_INJECTION=on), so error pages can be exercised. */
  faultInjection: string | null
}

export const requestInfoContext = createContext<RequestInfo>({ requestId: '', nonce: '', clientIp: 'unknown', faultInjection: null })
