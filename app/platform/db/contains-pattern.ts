/**
 * A LIKE pattern matching text that contains `text` anywhere, lower-cased to meet `lower(column)` (what the trigram
 * indexes hold); `%`, `_` and `\` in the text match only themselves.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}
