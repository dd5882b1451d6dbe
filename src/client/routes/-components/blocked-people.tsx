// Profile: the people the user blocked (from a booking's "Report or block" or a message's Report),
// each with Unblock, so a block is never a one-way door. The list is the server's (GET /api/blocks):
// offline, or before it answers, the section stays away. Unblock is a change like any other:
// queued, accepted offline, sent once; the row leaves the list at once.
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { t as activeT, useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import { loadBlocks, unblockUser } from '@/data';
import type { BlockedPerson } from '@/domain/team/schema';
import type { PeopleTranslate } from '../bookings/-components/thread-text';

/** What the screen says once an unblock is kept: sent now, or once back online. */
export function unblockedText(name: string, online: boolean, t: PeopleTranslate = activeT): string {
  return online ? t('people.blocked.unblocked', { name }) : t('people.blocked.unblockedOffline', { name });
}

export function BlockedPeople() {
  const store = useStore();
  const t = useT('people');
  const id = useId();
  const [people, setPeople] = useState<BlockedPerson[] | null>(null);

  useEffect(() => {
    let live = true;
    loadBlocks(store).then(
      (list) => live && setPeople(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store]);

  if (!people || people.length === 0) return null;

  async function unblock(person: BlockedPerson) {
    await unblockUser(store, { email: person.email });
    setPeople((list) => (list ?? []).filter((p) => p.email !== person.email));
    toast.success(unblockedText(person.name, navigator.onLine, t));
  }

  return (
    <section aria-labelledby={id} className="mt-8 max-w-xl">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {t('people.blocked.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('people.blocked.intro')}</p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {people.map((person) => (
          <li key={person.email} className="flex items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{person.name}</p>
              <p className="truncate text-sm text-slate-600">{person.email}</p>
            </div>
            <Button
              variant="secondary"
              className="min-h-11 shrink-0 px-3"
              aria-label={t('people.blocked.unblockLabel', { name: person.name })}
              onClick={() => void unblock(person)}
            >
              {t('people.blocked.unblock')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
