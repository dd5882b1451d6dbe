// Airports/airlines could not be loaded and nothing is mirrored yet: the spec's message and Retry.
import { CloudOff } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { Button } from './button';
import { EmptyState } from './empty-state';

export function ReferenceFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert">
      <EmptyState icon={<CloudOff className="size-10" />} title={t('reference.failed')}>
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          {t('reference.retry')}
        </Button>
      </EmptyState>
    </div>
  );
}
