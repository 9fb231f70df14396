// East Asian characters draw about twice as wide as Latin ones and may break anywhere; Latin text breaks between words.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/

const widthOf = (text: string) => [...text].reduce((sum, character) => sum + (WIDE.test(character) ? 2 : 1), 0)

/** Words (with the spaces after them) and single East Asian characters: the places a line may break. */
function breakable(label: string): string[] {
  const pieces: string[] = []
  let word = ''
  for (const character of label) {
    if (WIDE.test(character)) {
      if (word) pieces.push(word)
      pieces.push(character)
      word = ''
    } else {
      word += character
      if (/\s/.test(character)) {
        pieces.push(word)
        word = ''
      }
    }
  }
  if (word) pieces.push(word)
  return pieces
}

/** A line wider than `room` (one long word) cut into pieces that fit. */
function cut(line: string, room: number): string[] {
  const parts: string[] = []
  let part = ''
  for (const character of line) {
    if (part && widthOf(part + character) > room) {
      parts.push(part)
      part = ''
    }
    part += character
  }
  return [...parts, part]
}

/**
 * A chart's category name in at most `lines` lines of `room` width units (a Latin character is one, an East Asian one
 * two); the last line ends with "…" when the name does not fit.
 */
export function labelLines(label: string, room: number, lines = 2): string[] {
  const filled: string[] = ['']
  for (const piece of breakable(label.trim())) {
    const line = filled[filled.length - 1]!
    if (line === '' || widthOf((line + piece).trimEnd()) <= room) filled[filled.length - 1] = line + piece
    else filled.push(piece)
  }
  const fitted = filled.flatMap((line) => cut(line.trimEnd(), room))
  if (fitted.length <= lines) return fitted
  let last = fitted[lines - 1]!
  while (last && widthOf(`${last.trimEnd()}…`) > room) last = [...last].slice(0, -1).join('')
  return [...fitted.slice(0, lines - 1), `${last.trimEnd()}…`]
}
