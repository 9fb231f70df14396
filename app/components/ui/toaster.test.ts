import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { TOAST_REMOVE_DELAY_MS } from './toaster'

describe('toaster', () => {
  it('relies on Sonner removing a closed toast after the §9 delay', () => {
    const sonner = readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8')
    expect(sonner).toContain(`const TIME_BEFORE_UNMOUNT = ${TOAST_REMOVE_DELAY_MS};`)
  })
})
