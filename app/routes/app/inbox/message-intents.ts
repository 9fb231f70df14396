/** What a conversation page's action does to single messages; the socket already pushes the result to the page. */
export const MESSAGE_INTENTS = ['read', 'edit', 'delete', 'react'] as const
export type MessageIntent = (typeof MESSAGE_INTENTS)[number]
export const isMessageIntent = (value: unknown): value is MessageIntent => typeof value === 'string' && (MESSAGE_INTENTS as readonly string[]).includes(value)

/**
 * Message actions do not re-read the page: the answer and the socket's `message:updated` update the timeline, and
 * re-loading the latest page on every "mark read" would be wasted work. Everything else revalidates as usual.
 */
export function revalidateUnlessMessageIntent({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }): boolean {
  return isMessageIntent(formData?.get('intent')) ? false : defaultShouldRevalidate
}
