import { redirect } from 'react-router'
import { AnswerQuestionInput, RfqTransitionInput } from '../../../modules/sourcing/index'
import { answerQuestion, transitionRfq } from '../../../modules/sourcing/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { failure, failureFromError, formToObject } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { fieldErrorsOf } from '../../../platform/validation'

/** The buyer's steps on the page: a lifecycle transition, or answering a question. */
export async function rfqPageAction(request: Request, ctx: ServiceContext, id: string, pagePath: string) {
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'answer') {
    const questionId = String(form.get('questionId') ?? '')
    const parsed = AnswerQuestionInput.safeParse(formToObject(form))
    if (!parsed.success)
      return failure({
        ok: false,
        fieldErrors: Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).map(([, keys]) => [`answer.${questionId}`, keys])),
      })
    try {
      await answerQuestion(ctx, id, questionId, parsed.data)
    } catch (error) {
      return failureFromError(error)
    }
    return redirect(`${localizePath(ctx.locale, pagePath)}?done=answer`)
  }
  const parsed = RfqTransitionInput.safeParse(formToObject(form))
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) })
  try {
    await transitionRfq(ctx, id, parsed.data)
  } catch (error) {
    return failureFromError(error)
  }
  return redirect(`${localizePath(ctx.locale, pagePath)}?done=${parsed.data.action}`)
}
