import { FileText, Upload, X } from 'lucide-react'
import { type DragEvent, type ReactNode, useId, useState } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Button } from './button'
import { cn } from './cn'
import { checkFiles, type FileRejection, type FileRejectionReason, formatFileSize } from './file-drop-validation'

type FileDropZoneProps = {
  /** Receives the files that passed the checks (all chosen files, after a removal too); uploading is the caller's job. */
  onFiles: (files: File[]) => void
  /** The syntax of the HTML accept attribute: ".pdf,image/*". */
  accept?: string
  /** Largest allowed size per file, in bytes. */
  maxSize?: number
  multiple?: boolean
  disabled?: boolean
  /** Replaces the "drop files here" prompt. */
  prompt?: ReactNode
  /** Replaces the generated accepted-types and size hint. */
  hint?: ReactNode
  id?: string
  className?: string
  'aria-labelledby'?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
}

function isLeavingZone(event: DragEvent<HTMLElement>): boolean {
  return !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))
}

/**
 * A drop target around a real file input: drag files onto it, or click it / press Space on it to browse.
 * Dropped files skip the chooser's accept filter, so both paths go through the same checks.
 */
export function FileDropZone({ onFiles, accept, maxSize, multiple = false, disabled = false, prompt, hint, id, className, ...aria }: FileDropZoneProps) {
  const { t, i18n } = useTranslation('ui')
  const generated = useId()
  const inputId = id ?? generated
  const [files, setFiles] = useState<File[]>([])
  const [rejections, setRejections] = useState<FileRejection<File>[]>([])
  const [dragging, setDragging] = useState(false)
  const size = (bytes: number) => formatFileSize(bytes, i18n.tag)

  const generatedHint = [
    accept
      ? t('fileDrop.acceptHint', {
          accept: accept
            .split(',')
            .map((type) => type.trim())
            .join(', '),
        })
      : null,
    maxSize !== undefined ? t('fileDrop.sizeHint', { size: size(maxSize) }) : null,
  ]
    .filter(Boolean)
    .join(' ')
  const hintText = hint ?? (generatedHint || null)

  function rejectionMessage(name: string, reason: FileRejectionReason): string {
    if (reason === 'type') return t('fileDrop.wrongType', { name })
    if (reason === 'size') return t('fileDrop.tooLarge', { name, size: size(maxSize ?? 0) })
    return t('fileDrop.tooMany', { name })
  }

  function take(list: FileList | null) {
    const { accepted, rejected } = checkFiles(Array.from(list ?? []), { accept, maxSize, multiple })
    setRejections(rejected)
    if (!accepted.length) return
    setFiles(accepted)
    onFiles(accepted)
  }

  function remove(file: File) {
    const remaining = files.filter((chosen) => chosen !== file)
    setFiles(remaining)
    onFiles(remaining)
  }

  function dragOver(event: DragEvent<HTMLLabelElement>) {
    if (disabled) return
    event.preventDefault()
    setDragging(true)
  }

  function dragLeave(event: DragEvent<HTMLLabelElement>) {
    if (isLeavingZone(event)) setDragging(false)
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    if (disabled) return
    event.preventDefault()
    setDragging(false)
    take(event.dataTransfer.files)
  }

  const promptId = `${inputId}-prompt`
  const hintId = hintText ? `${inputId}-hint` : undefined
  const errorId = rejections.length ? `${inputId}-error` : undefined

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label
        onDragOver={dragOver}
        onDragLeave={dragLeave}
        onDrop={drop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input bg-background px-6 py-8 text-center text-sm transition-colors hover:bg-muted/50 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
          dragging && 'border-primary bg-accent text-accent-foreground',
          (aria['aria-invalid'] || rejections.length > 0) && 'border-destructive',
          disabled && 'cursor-not-allowed opacity-60 hover:bg-background',
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
        <span id={promptId} className="font-medium text-foreground">
          {prompt ?? (multiple ? t('fileDrop.prompt') : t('fileDrop.promptSingle'))}
        </span>
        {hintText ? (
          <span id={hintId} className="text-xs text-muted-foreground">
            {hintText}
          </span>
        ) : null}
        <input
          id={inputId}
          type="file"
          className="sr-only"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-labelledby={[aria['aria-labelledby'], promptId].filter(Boolean).join(' ')}
          aria-describedby={[aria['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={aria['aria-invalid'] || rejections.length > 0 || undefined}
          onChange={(event) => {
            take(event.target.files)
            // Clearing lets the same file be chosen again after it was removed.
            event.target.value = ''
          }}
        />
      </label>
      {rejections.length ? (
        <ul id={errorId} role="alert" className="flex flex-col gap-1 text-xs text-destructive">
          {rejections.map(({ file, reason }) => (
            <li key={`${file.name}-${reason}`}>{rejectionMessage(file.name, reason)}</li>
          ))}
        </ul>
      ) : null}
      {files.length ? (
        <ul aria-label={t('fileDrop.chosen')} className="flex flex-col gap-1">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{size(file.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                onClick={() => remove(file)}
                aria-label={t('fileDrop.remove', { name: file.name })}
                disabled={disabled}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
