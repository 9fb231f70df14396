import { type CSSProperties, useEffect } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Toaster as Sonner } from 'sonner'

/** §9: toasts stay 5000 ms, stack bottom right, at most 5 visible. */
export const TOAST_DURATION_MS = 5000
export const TOAST_POSITION = 'bottom-right'
export const TOAST_VISIBLE_COUNT = 5
/**
 * §9: a closed toast leaves the page 200 ms later. Sonner does this itself (its fixed
 * TIME_BEFORE_UNMOUNT runs the exit animation, then unmounts); toaster.test.ts guards the value.
 */
export const TOAST_REMOVE_DELAY_MS = 200

/** Sonner's colour variables pointed at our tokens, so toasts follow light and dark mode. */
const TOKEN_STYLE: CSSProperties & Record<'--normal-bg' | '--normal-text' | '--normal-border', string> = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
}

/** Loaded on demand by ToastHost (toast.ts) the first time a page shows a toast. */
export default function Toaster({ onReady }: { onReady?: () => void }) {
  const { t, i18n } = useTranslation('ui')
  useEffect(() => onReady?.(), [onReady])
  return (
    <Sonner
      // Right to left (issue 26), the stack mirrors to the bottom left.
      position={i18n.dir === 'rtl' ? 'bottom-left' : TOAST_POSITION}
      dir={i18n.dir}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_COUNT}
      closeButton
      containerAriaLabel={t('toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
      style={TOKEN_STYLE}
    />
  )
}
