import { describe, expect, it } from 'vitest'
import { uploadFromForm } from './upload-form.server'

describe('uploadFromForm', () => {
  it('reads the chosen file', async () => {
    const form = new FormData()
    form.set('logo', new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' }))
    expect(await uploadFromForm(form.get('logo'))).toEqual({ name: 'logo.png', bytes: new Uint8Array([1, 2, 3]) })
  })

  it('answers null when no file was chosen, the field is missing or holds text', async () => {
    const form = new FormData()
    form.set('logo', new File([], ''))
    form.set('note', 'hello')
    expect(await uploadFromForm(form.get('logo'))).toBeNull()
    expect(await uploadFromForm(form.get('missing'))).toBeNull()
    expect(await uploadFromForm(form.get('note'))).toBeNull()
  })

  it('keeps a chosen but empty file, so the service can say it is empty', async () => {
    const form = new FormData()
    form.set('logo', new File([], 'empty.png'))
    expect(await uploadFromForm(form.get('logo'))).toEqual({ name: 'empty.png', bytes: new Uint8Array() })
  })
})
