// Structured data of the public landing pages (schema.org), built from texts the loaders have already translated.

export type QuestionAndAnswer = { q: string; a: string }
export type HowToStep = { title: string; body: string }

type PageFacts = { origin: string; url: string; name: string; description: string; locale: string; image: string | null }

/** Tradeport itself, as the publisher of its pages. */
export function organizationJsonLd(origin: string) {
  return { '@type': 'Organization', name: 'Tradeport', url: `${origin}/`, logo: `${origin}/favicon.svg` }
}

/** The page, in its language, published by Tradeport (with the image a link preview shows, if any). */
export function webPageJsonLd(page: PageFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': page.url,
    url: page.url,
    name: page.name,
    description: page.description,
    inLanguage: page.locale,
    isPartOf: { '@type': 'WebSite', name: 'Tradeport', url: `${page.origin}/` },
    publisher: organizationJsonLd(page.origin),
    ...(page.image ? { primaryImageOfPage: { '@type': 'ImageObject', url: page.image } } : {}),
  }
}

/** The questions a page answers, for search results. */
export function faqJsonLd(items: QuestionAndAnswer[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({ '@type': 'Question', name: item.q, acceptedAnswer: { '@type': 'Answer', text: item.a } })),
  }
}

/** A process a page explains step by step. */
export function howToJsonLd(name: string, description: string, steps: HowToStep[], url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name,
    description,
    step: steps.map((step, index) => ({ '@type': 'HowToStep', position: index + 1, name: step.title, text: step.body, url: `${url}#step-${index + 1}` })),
  }
}

/** Tradeport as a web application: what it does and screens of it. */
export function softwareJsonLd(input: { origin: string; description: string; features: string[]; screenshots: string[] }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: 'Tradeport',
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    url: `${input.origin}/`,
    description: input.description,
    featureList: input.features,
    screenshot: input.screenshots,
    publisher: organizationJsonLd(input.origin),
  }
}
