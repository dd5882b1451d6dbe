// Contact Us (/contact): support phone and e-mail from configuration, and the message form.
import { createFileRoute } from '@tanstack/react-router';
import { Mail, Phone } from 'lucide-react';
import { config } from '@/client/config';
import { Card } from '@/client/ui/card';
import { Page } from '@/client/ui/page';
import { ContactForm } from './-components/contact-form';

export const Route = createFileRoute('/_authed/contact')({ component: Contact });

function Contact() {
  return (
    <Page
      title="Contact Us"
      subtitle="Facing any issues? Our team at the product will be happy to help you."
      width="lg"
    >
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_1.4fr]">
        <section
          aria-label="Support"
          className="flex h-fit flex-col gap-4 rounded-2xl bg-brand-800 p-6 text-white shadow-card"
        >
          <h2 className="text-lg font-semibold">Support</h2>
          <a
            href={`tel:${config.supportPhone.replace(/\s+/g, '')}`}
            className="flex items-center gap-3 rounded-lg hover:underline"
          >
            <Phone aria-hidden="true" className="size-5 text-brand-200" />
            <span>
              <span className="sr-only">Support phone: </span>
              {config.supportPhone}
            </span>
          </a>
          <a
            href={`mailto:${config.supportEmail}`}
            className="flex items-center gap-3 rounded-lg hover:underline"
          >
            <Mail aria-hidden="true" className="size-5 text-brand-200" />
            <span>
              <span className="sr-only">Support e-mail: </span>
              {config.supportEmail}
            </span>
          </a>
        </section>
        <Card className="p-5 sm:p-6">
          <h2 className="text-xl font-bold text-slate-900">We'd love to hear from you!</h2>
          <p className="mb-5 text-sm text-slate-600">Let's get in touch</p>
          <ContactForm />
        </Card>
      </div>
    </Page>
  );
}
