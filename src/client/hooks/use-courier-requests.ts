// The sender's courier requests, read live from the local store: the list, and one by id.
import { useLiveQuery } from 'dexie-react-hooks';
import { type CourierRequestRow, courierRequestQuery, courierRequestsQuery } from '@/data';
import { useStore } from './use-store';

/** My courier requests, newest first (undefined while loading). */
export function useCourierRequests(): CourierRequestRow[] | undefined {
  const store = useStore();
  return useLiveQuery(() => courierRequestsQuery(store), [store]);
}

/** One of my courier requests: null when there is none (undefined while loading). */
export function useCourierRequest(id: string): CourierRequestRow | null | undefined {
  const store = useStore();
  return useLiveQuery(async () => (await courierRequestQuery(store, id)) ?? null, [store, id]);
}
