/**
 * Whether a page holds edits the user has not submitted yet, so a live refresh can wait: any field of a POST form
 * whose current value differs from the value it was rendered with. GET forms (filters) and hidden fields don't count.
 * Works on the DOM's own bookkeeping (`defaultValue`, `defaultChecked`, `defaultSelected`), so no form has to register.
 */

type FieldLike = {
  tagName: string
  type?: string
  value?: string
  defaultValue?: string
  checked?: boolean
  defaultChecked?: boolean
  disabled?: boolean
  options?: ArrayLike<{ selected: boolean; defaultSelected: boolean }>
}

const IGNORED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file'])

/** Whether one field differs from how it was rendered. */
export function fieldIsEdited(field: FieldLike): boolean {
  if (field.disabled) return false
  const tag = field.tagName.toUpperCase()
  if (tag === 'SELECT') return Array.from(field.options ?? []).some((option) => option.selected !== option.defaultSelected)
  if (tag === 'TEXTAREA') return (field.value ?? '') !== (field.defaultValue ?? '')
  if (tag !== 'INPUT') return false
  const type = (field.type ?? 'text').toLowerCase()
  if (IGNORED_TYPES.has(type)) return false
  if (type === 'checkbox' || type === 'radio') return Boolean(field.checked) !== Boolean(field.defaultChecked)
  return (field.value ?? '') !== (field.defaultValue ?? '')
}

/** Whether a field of a POST form under `root` (the document by default) has been edited. */
export function hasUnsavedEdits(root: Pick<ParentNode, 'querySelectorAll'> | null = typeof document === 'undefined' ? null : document): boolean {
  if (!root) return false
  const fields = root.querySelectorAll('form[method="post" i] input, form[method="post" i] textarea, form[method="post" i] select')
  return Array.from(fields).some((field) => fieldIsEdited(field as unknown as FieldLike))
}
