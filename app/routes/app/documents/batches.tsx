import { CreateDocumentInput, type DocumentBatchView } from '../../../modules/documents/index'
import { batchProgress, type BatchProgress, startDocumentBatch } from '../../../modules/documents/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import type { Route } from './+types/batches'

// The zip of a record's documents, for the record page's card: POST starts one, GET `?id=` reads how far it got.
const BatchSource = CreateDocumentInput.pick({ sourceKind: true, sourceId: true })

const viewOf = (batch: BatchProgress): DocumentBatchView => ({
  id: batch.id,
  status: batch.status,
  total: batch.total,
  done: batch.done,
  sizeBytes: batch.sizeBytes,
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const id = new URL(request.url).searchParams.get('id') ?? ''
  return { batch: viewOf(await withRouteErrors(() => batchProgress(ctx, id))) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const parsed = parseForm(BatchSource, await request.formData())
  if (!parsed.ok) return failure(parsed, 422)
  try {
    return { ok: true as const, batch: viewOf(await startDocumentBatch(ctx, parsed.data)) }
  } catch (error) {
    return failureFromError(error)
  }
}
