import { useState } from 'react'
import { cn } from '../../../components/ui/cn'
import { useTranslation } from '../../../platform/i18n/react'
import { ProductPlaceholder } from './product-placeholder'

type GalleryImage = { id: string; url: string; thumbnailUrl: string; alt: string }

/**
 * The product's images: one large, the rest as thumbnail buttons (Tab, Enter/Space) that swap it. Images without
 * their own alt text are described by the product's name.
 */
export function ProductGallery({ images, productName }: { images: GalleryImage[]; productName: string }) {
  const { t } = useTranslation('marketplace')
  const [selected, setSelected] = useState(0)
  const current = images[selected] ?? images[0]
  const altOf = (image: GalleryImage) => image.alt || productName
  if (!current) {
    return (
      <figure className="flex flex-col gap-2">
        <div className="aspect-square overflow-hidden rounded-lg border border-border">
          <ProductPlaceholder />
        </div>
        <figcaption className="text-sm text-muted-foreground">{t('product.noImages')}</figcaption>
      </figure>
    )
  }
  return (
    <section aria-label={t('product.gallery')} className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-lg border border-border bg-muted">
        <img src={current.url} alt={altOf(current)} fetchPriority="high" className="size-full object-contain" />
      </div>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-pressed={index === selected}
                aria-label={t('product.showImage', { number: index + 1, total: images.length })}
                className={cn(
                  'block size-16 overflow-hidden rounded-md border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  index === selected ? 'border-primary' : 'border-border hover:border-muted-foreground',
                )}
              >
                <img src={image.thumbnailUrl} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
