// Requests waiting for my answer as a carrier (pending bookings on my listings), live from the
// local mirror: the nav's badge beside Order History and the app's icon badge count them.
import { useLiveQuery } from 'dexie-react-hooks';
import { requestsToAnswerQuery } from '@/data';
import { useStore } from './use-store';

export function useRequestsToAnswer(): number {
  const store = useStore();
  return useLiveQuery(() => requestsToAnswerQuery(store), [store]) ?? 0;
}
