import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { type DocumentActionResult, DocumentPage } from './document-page'
import { documentPageAction, loadDocumentPage } from './document-page.server'
import type { Route } from './+types/edit'

/** A working page: the form beside the PDF uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export const loader = (args: Route.LoaderArgs) => loadDocumentPage(args)
export const action = (args: Route.ActionArgs) => documentPageAction(args)

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.document.number} · ${loaderData.title}` : undefined }]

export default function DocumentEditPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'document' && change.id === loaderData.document.id)
  return <DocumentPage data={loaderData} result={actionData as DocumentActionResult} />
}
