// Courier Service Request (/senderhome): the sender's home.
import { createFileRoute } from '@tanstack/react-router';
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
    >
      <Card className="p-5 sm:p-6">
        <CourierForm reference={reference} />
      </Card>
    </Page>
  );
}
