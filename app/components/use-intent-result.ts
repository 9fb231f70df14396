import { useActionData } from 'react-router'

type IntentActionResult = {
  ok: boolean
  intent?: string
  fieldErrors?: Record<string, string[]>
  formError?: { code: string; message: string; reasons?: string[] }
}

/**
 * On pages whose forms post one `intent` each: the last answer when it came from one of these
 * intents (`done` is the intent that succeeded), so each section shows only its own errors.
 */
export function useIntentResult(...intents: string[]) {
  const data = useActionData<IntentActionResult>()
  const mine = data?.intent && intents.includes(data.intent) ? data : undefined
  return { done: mine?.ok ? mine.intent : undefined, fieldErrors: mine?.ok ? undefined : mine?.fieldErrors, formError: mine?.ok ? undefined : mine?.formError }
}
