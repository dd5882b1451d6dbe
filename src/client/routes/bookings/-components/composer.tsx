// The composer: a labelled text area and Send, stuck to the bottom of the screen (above the
// on-screen keyboard). With a mouse or trackpad (pointer: fine) Enter sends and Shift+Enter breaks
// the line; on touch screens Enter breaks the line and Send sends. The text is checked with the
// domain's message rules (the same the server applies) before it is queued.
import { SendHorizontal } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { useFieldControl } from '@/client/forms/field-error';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { validationText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { FieldError } from '@/client/ui/field';
import { type SendMessageResult, sendMessage } from '@/data';
import { messageTextSchema } from '@/domain/message/schema';

interface ComposerValues {
  text: string;
}

const composerSchema = v.object({ text: messageTextSchema });

/** Whether the main pointer is precise (a mouse): there Enter sends. */
function finePointer(): boolean {
  return window.matchMedia?.('(pointer: fine)').matches === true;
}

function MessageField({ onEnter }: { onEnter: () => void }) {
  const t = useT('people');
  const { field, error, control } = useFieldControl();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={control.id} className="text-xs font-medium text-slate-700">
        {t('people.composer.label')}
      </label>
      <textarea
        {...control}
        rows={2}
        enterKeyHint="enter"
        autoComplete="off"
        className="block max-h-40 min-h-11 w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 aria-[invalid=true]:border-red-500 field-sizing-content"
        onChange={(e) => field.handleChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
          if (!finePointer()) return;
          e.preventDefault();
          onEnter();
        }}
      />
      <FieldError id={`${control.id}-error`} message={error} />
    </div>
  );
}

export function Composer({ bookingId, onSent }: { bookingId: string; onSent: () => void }) {
  const store = useStore();
  const t = useT('people');
  // The refusal's code (and the rule a text broke), rendered in the language on screen.
  const [refusal, setRefusal] = useState<Extract<SendMessageResult, { ok: false }> | null>(null);
  const form = useAppForm({
    defaultValues: { text: '' },
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<ComposerValues>(composerSchema) },
    onSubmit: async ({ value, formApi }) => {
      const result = await sendMessage(store, bookingId, value.text);
      if (!result.ok) {
        setRefusal(result);
        return;
      }
      setRefusal(null);
      formApi.reset();
      // Answering a thread means having read it.
      onSent();
    },
  });
  return (
    <div className="sticky bottom-0 z-10 border-t border-slate-200 bg-white px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-6">
      <form.AppForm>
        <form.Form aria-label={t('people.composer.form')} className="flex items-end gap-2">
          <form.AppField name="text">
            {() => <MessageField onEnter={() => void form.handleSubmit()} />}
          </form.AppField>
          <form.SubmitButton className="mb-px min-h-11 shrink-0 px-3">
            <SendHorizontal aria-hidden="true" className="size-4" /> {t('people.composer.send')}
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
      {refusal ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {refusal.code === 'request/invalid'
            ? validationText(refusal.message, t)
            : refusal.code === 'thread/closed'
              ? t('people.composer.closed')
              : t('people.composer.noBooking')}
        </p>
      ) : null}
    </div>
  );
}
