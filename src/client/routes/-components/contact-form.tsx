// The contact form, prefilled from the session; queued locally, so it also works offline.
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useSession } from '@/client/hooks';
import { useStore } from '@/client/hooks/use-store';
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
        toast.error('Failed to send message. Please try again.');
        return;
      }
      toast.success('Message sent successfully!');
      formApi.setFieldValue('message', '');
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Contact" className="flex flex-col gap-4">
        <form.AppField name="name">
          {(field) => <field.TextField label="Full Name" autoComplete="name" />}
        </form.AppField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <form.AppField name="email">{(field) => <field.EmailField label="Email" />}</form.AppField>
          <form.AppField name="phone">
            {(field) => <field.TextField label="Phone" type="tel" autoComplete="tel" />}
          </form.AppField>
        </div>
        <form.AppField name="message">
          {(field) => <field.TextareaField label="Your Query" rows={4} />}
        </form.AppField>
        <form.SubmitButton busyLabel="Sending..." className="w-full sm:w-auto sm:self-end">
          Send Message
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
