/**
 * The file of a multipart form field, read into memory (the body limit already capped its size);
 * null when the field is missing, is not a file, or no file was chosen (browsers send an empty, unnamed part).
 */
export async function uploadFromForm(value: FormDataEntryValue | null): Promise<{ name: string; bytes: Uint8Array } | null> {
  if (value === null || typeof value === 'string') return null
  if (!value.name && value.size === 0) return null
  return { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) }
}
