// Airports/airlines could not be loaded and nothing is mirrored yet: the spec's message and Retry.
import { CloudOff } from 'lucide-react';
import { Button } from './button';
import { EmptyState } from './empty-state';

export function ReferenceFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState icon={<CloudOff className="size-10" />} title="Failed to load data">
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      </EmptyState>
    </div>
  );
}
