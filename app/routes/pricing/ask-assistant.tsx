import { Form, useActionData } from 'react-router'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/field'
import { SpriteIcon } from '../../components/ui/sprite-icon'
import { Textarea } from '../../components/ui/textarea'
import { PRICING_QUESTION_MAX_CHARS } from '../../modules/billing/index'
import { useTranslation } from '../../platform/i18n/react'

/**
 * The chat prompt: a question that opens the sourcing assistant with it. The page's action sends a signed-in viewer
 * straight there and a visitor through sign-in first, keeping the question.
 */
export function AskAssistant({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('plans')
  const errors = useActionData<{ fieldErrors?: Record<string, string[]> }>()?.fieldErrors?.question
  return (
    <section aria-labelledby="ask-heading" className="rounded-xl border border-border bg-accent/40 p-6 sm:p-8">
      <div className="mx-auto flex max-w-2xl flex-col gap-4">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-card text-primary">
            <SpriteIcon name="messages-square" className="size-5" />
          </span>
          <div className="flex flex-col gap-1">
            <h2 id="ask-heading" className="text-xl font-semibold">
              {t('ask.heading')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('ask.intro')}</p>
          </div>
        </div>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="ask" />
          <FormField
            label={t('ask.label')}
            hint={t(signedIn ? 'ask.hintSignedIn' : 'ask.hint', { max: PRICING_QUESTION_MAX_CHARS })}
            errors={errors?.map((key) => t(key))}
          >
            {(control) => <Textarea name="question" rows={3} required maxLength={PRICING_QUESTION_MAX_CHARS} className="bg-card" {...control} />}
          </FormField>
          <Button type="submit" className="self-start">
            <SpriteIcon name="message-square" />
            {t('ask.submit')}
          </Button>
        </Form>
      </div>
    </section>
  )
}
