// Pieces the signed-in document page and the public share page both show: the status, a PDF in its frame, and a
// SHA-256 fingerprint with a copy button.
import { useState } from 'react'
import { Badge, type BadgeVariant } from '../components/ui/badge'
import { buttonClasses } from '../components/ui/button'
import { useHydrated } from '../components/use-hydrated'
import type { DocumentStatus } from '../modules/documents/index'
import { useTranslation } from '../platform/i18n/react'

const STATUS_BADGES: Readonly<Record<DocumentStatus, BadgeVariant>> = {
  draft: 'secondary',
  issued: 'pending',
  accepted: 'accept',
  rejected: 'reject',
  void: 'destructive',
}

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('documents')
  return <Badge variant={STATUS_BADGES[status]}>{t(`statuses.${status}`)}</Badge>
}

type CopyButtonProps = { text: string; label: string; copiedLabel: string }

/** Copies `text` to the clipboard; shown once scripts run and only where the browser allows it (a secure page). */
export function CopyButton({ text, label, copiedLabel }: CopyButtonProps) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  if (!hydrated || typeof navigator === 'undefined' || !navigator.clipboard) return null
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} className={buttonClasses('secondary', undefined, 'sm')}>
        {label}
      </button>
      <span role="status" className="text-xs text-muted-foreground">
        {copied ? copiedLabel : ''}
      </span>
    </span>
  )
}

type FingerprintProps = { sha256: string; copyLabel: string; copiedLabel: string }

/** A SHA-256 shortened to its first 12 digits, the whole value in its title, to copy and compare. */
export function Fingerprint({ sha256, copyLabel, copiedLabel }: FingerprintProps) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code title={sha256} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
        {sha256.slice(0, 12)}…
      </code>
      <CopyButton text={sha256} label={copyLabel} copiedLabel={copiedLabel} />
    </span>
  )
}

type PdfFrameProps = { src: string; title: string; downloadLabel: string; openLabel: string }

/** The PDF in the page, with a download link and a link to open it on its own (phones rarely show a PDF in a frame). */
export function PdfFrame({ src, title, downloadLabel, openLabel }: PdfFrameProps) {
  const separator = src.includes('?') ? '&' : '?'
  return (
    <div className="flex flex-col gap-3">
      <iframe src={src} title={title} className="h-[70vh] min-h-96 w-full rounded-md border border-border bg-muted" />
      <div className="flex flex-wrap gap-2">
        <a href={`${src}${separator}download=1`} download className={buttonClasses('primary', undefined, 'sm')}>
          {downloadLabel}
        </a>
        <a href={src} target="_blank" rel="noopener" className={buttonClasses('secondary', undefined, 'sm')}>
          {openLabel}
        </a>
      </div>
    </div>
  )
}
