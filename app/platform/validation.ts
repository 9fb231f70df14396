import type { z } from './zod'

/**
 * Field errors of a zod failure, keyed by field path (`_` for the whole input). An unknown field is
 * reported under its own name. Messages stay as the schema wrote them (catalog keys in this product).
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.') || '_']
    for (const name of names) (fields[name] ??= []).push(issue.message)
  }
  return fields
}
