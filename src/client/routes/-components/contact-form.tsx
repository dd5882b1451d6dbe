// The contact form, prefilled from the session; queued locally, so it also works offline.
import { useForm } from '@tanstack/react-form';
import { toast } from 'sonner';
import * as v from 'valibot';
import { FormElement } from '@/client/forms/form-element';
import { EmailField, TextField } from '@/client/forms/text-field';
import { TextareaField } from '@/client/forms/textarea-field';
import { validateWith } from '@/client/forms/validate';
import { useSession } from '@/client/hooks';
import { useStore } from '@/client/hooks/store';
import { Button } from '@/client/ui/button';
import { sendContactMessage } from '@/data';
import { contactSchema } from '@/domain/contact/schema';

export function ContactForm() {
  const store = useStore();
  const session = useSession();
  const form = useForm({
    defaultValues: {
      name: session?.name ?? '',
      email: session?.email ?? '',
      phone: session?.phone ?? '',
      message: '',
    },
    validators: { onSubmit: validateWith(contactSchema) },
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
    <FormElement form={form} aria-label="Contact" className="flex flex-col gap-4">
      <form.Field name="name">
        {(field) => <TextField field={field} label="Full Name" autoComplete="name" />}
      </form.Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <form.Field name="email">{(field) => <EmailField field={field} label="Email" />}</form.Field>
        <form.Field name="phone">
          {(field) => <TextField field={field} label="Phone" type="tel" autoComplete="tel" />}
        </form.Field>
      </div>
      <form.Field name="message">
        {(field) => <TextareaField field={field} label="Your Query" rows={4} />}
      </form.Field>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <Button
            type="submit"
            busy={submitting}
            busyLabel="Sending..."
            className="w-full sm:w-auto sm:self-end"
          >
            Send Message
          </Button>
        )}
      </form.Subscribe>
    </FormElement>
  );
}
