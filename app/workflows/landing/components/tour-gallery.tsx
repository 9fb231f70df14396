import { cn } from '../../../components/ui/cn'
import { useTranslation } from '../../../platform/i18n/react'
import type { TourImage } from '../tour-shots'

/**
 * A screenshot in a frame, loaded lazily: below the fold only when the visitor scrolls near it, and the hero's once the
 * page is laid out, so that on a phone (where it sits under the text) it never delays the stylesheet and scripts.
 */
export function TourPicture({ image, alt }: { image: TourImage; alt: string }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes="(min-width: 1152px) 560px, (min-width: 1024px) 48vw, calc(100vw - 2rem)"
      width={image.width}
      height={image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="h-auto w-full rounded-lg border border-border bg-card shadow-md"
    />
  )
}

/** The product tour: each screenshot beside what it shows, alternating sides on wide screens. */
export function TourGallery({ images }: { images: TourImage[] }) {
  const { t } = useTranslation('landing')
  return (
    <div className="flex flex-col gap-12">
      <p className="-mt-4 text-sm text-muted-foreground">{t('tour.demoNote')}</p>
      {images.map((image, index) => {
        const title = t(`tour.${image.shot}.title`)
        return (
          <figure key={image.shot} className="grid items-center gap-6 lg:grid-cols-[6fr_5fr] lg:gap-10">
            <div className={cn(index % 2 === 1 && 'lg:order-last')}>
              <TourPicture image={image} alt={t('tour.alt', { title })} />
            </div>
            <figcaption className="flex flex-col gap-2">
              <h3 className="text-xl font-semibold">{title}</h3>
              <p className="text-muted-foreground">{t(`tour.${image.shot}.body`)}</p>
            </figcaption>
          </figure>
        )
      })}
    </div>
  )
}
