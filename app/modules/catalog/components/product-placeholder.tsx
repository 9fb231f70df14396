import { cn } from '../../../components/ui/cn'
import { SpriteIcon } from '../../../components/ui/sprite-icon'

/** The neutral picture of a product without images; decorative, the product's name says what it is. */
export function ProductPlaceholder({ className }: { className?: string }) {
  return (
    <div className={cn('flex size-full items-center justify-center bg-muted text-muted-foreground', className)} aria-hidden="true">
      <SpriteIcon name="package" className="size-1/4 min-h-8 min-w-8" strokeWidth={1.25} />
    </div>
  )
}
