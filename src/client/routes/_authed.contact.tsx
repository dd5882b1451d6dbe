// Contact Us (/contact): support phone and e-mail from configuration, and the message form.
import { createFileRoute } from '@tanstack/react-router';
import { Mail, Phone } from 'lucide-react';
import { config } from '@/client/config';
import { useT } from '@/client/i18n/i18n';
import { Card } from '@/client/ui/card';
import { Page } from '@/client/ui/page';
import { ContactForm } from './-components/contact-form';

export const Route = createFileRoute('/_authed/contact')({ component: Contact });

function Contact() {
  const t = useT('sender');
  return (
    <Page title={t('sender.contact.title')} subtitle={t('sender.contact.subtitle')} width="lg">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_1.4fr]">
        <section
          aria-label={t('sender.contact.support')}
          className="flex h-fit flex-col gap-4 rounded-2xl bg-brand-800 p-6 text-white shadow-card"
        >
          <h2 className="text-lg font-semibold">{t('sender.contact.support')}</h2>
          <a
            href={`tel:${config.supportPhone.replace(/\s+/g, '')}`}
            className="flex items-center gap-3 rounded-lg hover:underline"
          >
            <Phone aria-hidden="true" className="size-5 text-brand-200" />
            <span>
              <span className="sr-only">{t('sender.contact.supportPhone')}</span>
              {config.supportPhone}
            </span>
          </a>
          <a
            href={`mailto:${config.supportEmail}`}
            className="flex items-center gap-3 rounded-lg hover:underline"
          >
            <Mail aria-hidden="true" className="size-5 text-brand-200" />
            <span>
              <span className="sr-only">{t('sender.contact.supportEmail')}</span>
              {config.supportEmail}
            </span>
          </a>
        </section>
        <Card className="p-5 sm:p-6">
          <h2 className="text-xl font-bold text-slate-900">{t('sender.contact.hear')}</h2>
          <p className="mb-5 text-sm text-slate-600">{t('sender.contact.touch')}</p>
          <ContactForm />
        </Card>
      </div>
    </Page>
  );
}
