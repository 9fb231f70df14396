/** The form field a page form sends its idempotency key in. */
export const IDEMPOTENCY_FIELD = 'idempotencyKey'

/**
 * The hidden idempotency key of a form that creates a record: made by the loader when the form is rendered, so a
 * double submit or a resent form creates one record (ADR 014, ADR 020).
 */
export function IdempotencyField({ value }: { value: string | undefined }) {
  return value ? <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} /> : null
}
