// Courier Service Request (/senderhome): the sender's home, with the way to My courier requests
// at the top (the form is long on a phone).
import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClass } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Page } from '@/client/ui/page';
import { CourierForm } from './-components/courier-form';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/senderhome')({ component: SenderHome });

function SenderHome() {
  const reference = useReference();
  return (
    <Page
      title="Courier Service Request"
      subtitle="Tell us what you're sending; we'll match it with a traveller on the route."
      width="lg"
      actions={
        <Link to="/courier-requests" className={buttonClass('secondary')}>
          My courier requests
        </Link>
      }
    >
      <Card className="p-5 sm:p-6">
        <CourierForm reference={reference} />
      </Card>
    </Page>
  );
}
