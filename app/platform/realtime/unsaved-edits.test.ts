import { describe, expect, it } from 'vitest'
import { fieldIsEdited, hasUnsavedEdits } from './unsaved-edits'

describe('unsaved edits', () => {
  it('sees typed text, toggled boxes and changed selections', () => {
    expect(fieldIsEdited({ tagName: 'INPUT', type: 'text', value: 'a', defaultValue: 'a' })).toBe(false)
    expect(fieldIsEdited({ tagName: 'INPUT', type: 'text', value: 'ab', defaultValue: 'a' })).toBe(true)
    expect(fieldIsEdited({ tagName: 'TEXTAREA', value: 'question?', defaultValue: '' })).toBe(true)
    expect(fieldIsEdited({ tagName: 'INPUT', type: 'checkbox', checked: true, defaultChecked: false })).toBe(true)
    expect(
      fieldIsEdited({
        tagName: 'SELECT',
        options: [
          { selected: false, defaultSelected: true },
          { selected: true, defaultSelected: false },
        ],
      }),
    ).toBe(true)
    expect(fieldIsEdited({ tagName: 'SELECT', options: [{ selected: true, defaultSelected: true }] })).toBe(false)
  })

  it('ignores hidden, button and disabled fields', () => {
    expect(fieldIsEdited({ tagName: 'INPUT', type: 'hidden', value: 'x', defaultValue: '' })).toBe(false)
    expect(fieldIsEdited({ tagName: 'INPUT', type: 'submit', value: 'x', defaultValue: '' })).toBe(false)
    expect(fieldIsEdited({ tagName: 'INPUT', type: 'text', value: 'x', defaultValue: '', disabled: true })).toBe(false)
  })

  it('looks only at POST forms', () => {
    const asked: string[] = []
    const root = {
      querySelectorAll: (selector: string) => {
        asked.push(selector)
        return [{ tagName: 'TEXTAREA', value: 'draft', defaultValue: '' }] as unknown as NodeListOf<Element>
      },
    }
    expect(hasUnsavedEdits(root)).toBe(true)
    expect(asked[0]).toContain('form[method="post" i]')
    expect(hasUnsavedEdits(null)).toBe(false)
  })
})
