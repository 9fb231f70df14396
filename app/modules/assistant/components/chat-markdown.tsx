import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'

// The assistant's replies are Markdown from a model: rendered as React elements only (raw HTML is never rendered),
// links kept to the web and the app itself, images left out (a model's image URL is not something to load unasked).

const SAFE_LINK = /^(https?:\/\/|\/(?!\/))/i

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    href && SAFE_LINK.test(href) ? (
      <a
        href={href}
        className="text-primary underline underline-offset-4"
        {...(href.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer nofollow' })}
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => <span>{alt}</span>,
  table: ({ children }) => (
    <div className="max-w-full overflow-x-auto">
      <table className="text-sm">{children}</table>
    </div>
  ),
  pre: ({ children }) => <pre className="max-w-full overflow-x-auto rounded-md bg-muted p-3 text-xs">{children}</pre>,
}

export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="prose-chat flex min-w-0 flex-col gap-2 break-words [&_li]:ms-5 [&_ol]:list-decimal [&_ul]:list-disc [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_td]:border [&_td]:border-border [&_td]:px-2 [&_th]:border [&_th]:border-border [&_th]:px-2">
      <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml>
        {text}
      </Markdown>
    </div>
  )
}
