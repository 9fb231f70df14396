import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { twMerge } from 'tailwind-merge'
import { beforeAll, describe, expect, it } from 'vitest'
import { cn } from '../../app/components/ui/cn'

// `cn` merges with a configuration of the utilities the app writes (app/components/ui/cn.ts). It must merge them exactly
// as tailwind-merge's full configuration does: every pair of classes written anywhere in app/ is merged both ways.

/** Every whitespace-separated word of every string literal under app/, outside tests and cn.ts: a superset of the classes used. */
async function wordsInApp(): Promise<Set<string>> {
  const words = new Set<string>()
  const files = (await readdir('app', { recursive: true })).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\./.test(file) && file !== path.join('components', 'ui', 'cn.ts'),
  )
  for (const file of files) {
    const source = await readFile(path.join('app', file), 'utf8')
    for (const match of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const word of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/)) {
        if (word && !word.includes('${')) words.add(word)
      }
    }
  }
  return words
}

describe('cn', () => {
  let words: string[] = []
  let classes: string[] = []

  beforeAll(async () => {
    words = [...(await wordsInApp())]
    // A word tailwind-merge knows as a class collapses when written twice.
    classes = words.filter((word) => twMerge(`${word} ${word}`) === word)
  })

  it('finds the classes the app writes', () => {
    expect(classes.length).toBeGreaterThan(500)
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'md:grid-cols-2', 'text-muted-foreground', 'hover:bg-accent']))
  })

  it('knows every class the app writes, and nothing tailwind-merge does not', () => {
    const differ = words.filter((word) => cn(`${word} ${word}`) !== twMerge(`${word} ${word}`))
    expect(differ).toEqual([])
  })

  // Classes conflict only under the same variants, so pairs of the utilities themselves (variants taken off) cover them.
  it('merges every pair of the utilities the app writes as tailwind-merge does', { timeout: 60_000 }, () => {
    const utilities = [...new Set(classes.map((name) => name.split(/:(?![^[]*\])/).pop() ?? name))]
    const differ: string[] = []
    for (const first of utilities) {
      for (const second of utilities) {
        const list = `${first} ${second}`
        const expected = twMerge(list)
        if (cn(list) !== expected) differ.push(`${list} → ${cn(list)}, expected ${expected}`)
      }
    }
    expect(differ.slice(0, 40)).toEqual([])
  })

  it('keeps the later of two conflicting classes and joins conditional ones', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4')
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2')
    expect(cn('px-2', 'p-4')).toBe('p-4')
    expect(cn('text-sm text-muted-foreground', 'text-lg')).toBe('text-muted-foreground text-lg')
    expect(cn('bg-primary hover:bg-primary-hover', false, undefined, ['hover:bg-accent'])).toBe('bg-primary hover:bg-accent')
    expect(cn('border border-input', 'border-2 border-destructive')).toBe('border-2 border-destructive')
  })
})
