import { useTranslation } from '../../platform/i18n/react'

/** The questions the page answers (`plans:faq.<item>.q` and `.a`), in order; the loader lists them for search engines too. */
export const FAQ_ITEMS = ['start', 'upgrade', 'payment', 'downgrade', 'limits', 'counting', 'currency', 'who'] as const

/** Questions and answers, all shown (no disclosure to open); `values` fill in the default plan and the billed currency. */
export function PricingFaq({ values }: { values: { plan: string; currency: string; days: number } }) {
  const { t } = useTranslation('plans')
  return (
    <section aria-labelledby="faq-heading" className="flex flex-col gap-6">
      <h2 id="faq-heading" className="text-2xl font-semibold">
        {t('faq.heading')}
      </h2>
      <div className="grid gap-x-10 gap-y-6 md:grid-cols-2">
        {FAQ_ITEMS.map((item) => (
          <div key={item} className="flex flex-col gap-2">
            <h3 className="font-semibold">{t(`faq.${item}.q`)}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{t(`faq.${item}.a`, values)}</p>
          </div>
        ))}
      </div>
    </section>
  )
}
