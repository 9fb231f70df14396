import { useRef } from 'react'
import { useHydrated } from '../../../components/use-hydrated'
import { FileDropZone } from '../../../components/ui/file-drop-zone'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'

type FileFieldProps = {
  name: string
  label: string
  hint?: string
  accept: string
  maxSize?: number
  multiple?: boolean
  required?: boolean
  errors?: string[] | undefined
  /** Called with the chosen files, e.g. to list them on a review step. */
  onFiles?: (files: File[]) => void
}

/**
 * Files that go with the surrounding form's multipart POST. With JavaScript, a drop zone feeds a
 * hidden named file input; before it runs, that input is an ordinary file chooser.
 */
export function SupplierFileField({ name, label, hint, accept, maxSize, multiple = false, required = false, errors, onFiles }: FileFieldProps) {
  const hydrated = useHydrated()
  const input = useRef<HTMLInputElement>(null)

  function choose(files: File[]) {
    const transfer = new DataTransfer()
    for (const file of files) transfer.items.add(file)
    if (input.current) input.current.files = transfer.files
    onFiles?.(files)
  }

  return (
    <FormField label={label} errors={errors} hint={hydrated ? undefined : hint}>
      {(control) =>
        hydrated ? (
          <>
            <input ref={input} type="file" name={name} multiple={multiple} className="hidden" tabIndex={-1} aria-hidden="true" />
            <FileDropZone
              id={control.id}
              aria-labelledby={control['aria-labelledby']}
              aria-describedby={control['aria-describedby']}
              aria-invalid={control['aria-invalid']}
              accept={accept}
              maxSize={maxSize}
              multiple={multiple}
              hint={hint}
              onFiles={choose}
            />
          </>
        ) : (
          <Input type="file" name={name} accept={accept} multiple={multiple} required={required} {...control} />
        )
      }
    </FormField>
  )
}
