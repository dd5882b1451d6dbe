// The contact form, prefilled from the session; queued locally, so it also works offline.
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useSession } from '@/client/hooks';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { sendContactMessage } from '@/data';
import { contactSchema } from '@/domain/contact/schema';

interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export function ContactForm() {
  const store = useStore();
  const session = useSession();
  const t = useT('sender');
  const form = useAppForm({
    defaultValues: {
      name: session?.name ?? '',
      email: session?.email ?? '',
      phone: session?.phone ?? '',
      message: '',
    },
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<ContactValues>(contactSchema) },
    onSubmit: async ({ value, formApi }) => {
      try {
        await sendContactMessage(store, v.parse(contactSchema, value));
      } catch {
        toast.error(t('sender.contact.failed'));
        return;
      }
      // Kept on the device and sent from the outbox: offline, say so rather than only "sent".
      toast.success(
        t('sender.contact.sent'),
        navigator.onLine ? undefined : { description: t('sender.contact.sentOffline') },
      );
      // A fresh form, keeping who is writing: setting the query to '' would re-check it (checks
      // run on change after a submit) and call the emptied field an error right after the send.
      formApi.reset({ ...value, message: '' });
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label={t('sender.contact.form')} className="flex flex-col gap-4">
        <form.AppField name="name">
          {(field) => <field.TextField label={t('sender.contact.name')} autoComplete="name" />}
        </form.AppField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <form.AppField name="email">
            {(field) => <field.EmailField label={t('sender.contact.email')} />}
          </form.AppField>
          <form.AppField name="phone">
            {(field) => <field.TextField label={t('sender.contact.phone')} type="tel" autoComplete="tel" />}
          </form.AppField>
        </div>
        <form.AppField name="message">
          {(field) => <field.TextareaField label={t('sender.contact.query')} rows={4} />}
        </form.AppField>
        <form.SubmitButton busyLabel={t('sender.contact.sending')} className="w-full sm:w-auto sm:self-end">
          {t('sender.contact.send')}
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
