type FileLike = Pick<File, 'name' | 'type' | 'size'>

export type FileRejectionReason = 'type' | 'size' | 'count'
export type FileRejection<T extends FileLike> = { file: T; reason: FileRejectionReason }

export type FileRules = {
  /** The syntax of the HTML accept attribute: ".pdf,image/png,image/*". Empty accepts every file. */
  accept?: string | undefined
  /** Largest allowed size in bytes. */
  maxSize?: number | undefined
  multiple?: boolean | undefined
}

/** Whether a file fits an accept list; the browser's file chooser filters the same way but a drop does not. */
export function matchesAccept(file: FileLike, accept: string | undefined): boolean {
  const patterns = (accept ?? '')
    .split(',')
    .map((pattern) => pattern.trim().toLowerCase())
    .filter(Boolean)
  if (!patterns.length) return true
  const name = file.name.toLowerCase()
  const type = file.type.toLowerCase()
  return patterns.some((pattern) => {
    if (pattern.startsWith('.')) return name.endsWith(pattern)
    if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1))
    return type === pattern
  })
}

/** Splits chosen files into those to keep and those to report, checking type, then size, then count. */
export function checkFiles<T extends FileLike>(files: T[], rules: FileRules): { accepted: T[]; rejected: FileRejection<T>[] } {
  const accepted: T[] = []
  const rejected: FileRejection<T>[] = []
  for (const file of files) {
    if (!matchesAccept(file, rules.accept)) rejected.push({ file, reason: 'type' })
    else if (rules.maxSize !== undefined && file.size > rules.maxSize) rejected.push({ file, reason: 'size' })
    else if (!rules.multiple && accepted.length > 0) rejected.push({ file, reason: 'count' })
    else accepted.push(file)
  }
  return { accepted, rejected }
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

/** "1.5 MB" in the reader's locale, with decimal (1000-based) units as the unit names promise. */
export function formatFileSize(bytes: number, locale: string): string {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}
