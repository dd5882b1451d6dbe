// Courier Service Request (/senderhome): the sender's home, with the way to My courier requests
// at the top (the form is long on a phone).
import { createFileRoute, Link } from '@tanstack/react-router';
import { useT } from '@/client/i18n/i18n';
import { buttonClass } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Page } from '@/client/ui/page';
import { CourierForm } from './-components/courier-form';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/senderhome')({ component: SenderHome });

function SenderHome() {
  const reference = useReference();
  const t = useT('sender');
  return (
    <Page
      title={t('sender.home.title')}
      subtitle={t('sender.home.subtitle')}
      width="lg"
      actions={
        <Link to="/courier-requests" className={buttonClass('secondary')}>
          {t('sender.myRequests')}
        </Link>
      }
    >
      <Card className="p-5 sm:p-6">
        <CourierForm reference={reference} />
      </Card>
    </Page>
  );
}
