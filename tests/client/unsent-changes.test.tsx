// The sync line's waiting list: refused changes with the server's reason, Retry and Discard,
// including changes that have no row elsewhere on screen (contact messages, courier requests),
// and a courier photo's size and upload progress.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { replayOutbox, sendContactMessage, submitCourierRequest, uploadPhotos } from '@/data';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp, USER } from '../support/client-render-app';
import { courierForm } from '../support/data-courier';

const message = { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', message: 'Hi' };

async function refusedContact() {
  const api = fakeApi();
  api.on('POST /api/sync/push', async (req) => {
    const { mutations } = (await req.json()) as { mutations: { id: number }[] };
    const results = mutations.map((m) => ({
      id: m.id,
      ok: false,
      code: 'request/invalid',
      message: 'Please enter your query',
    }));
    return json({ lastMutationId: mutations.at(-1)?.id ?? 0, results });
  });
  const view = renderApp('/contact', { api });
  await findHeading('Contact Us');
  await act(async () => {
    await sendContactMessage(view.store, message);
    await replayOutbox(view.store);
  });
  await screen.findByText(/1 not sent: needs your attention/);
  const toggle = await screen.findByRole('button', { name: /Show waiting list/ });
  return { ...view, toggle };
}

describe('UnsentChanges', () => {
  it('lists a refused contact message with the server reason', async () => {
    const { toggle } = await refusedContact();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    const list = screen.getByRole('list', { name: 'Changes waiting' });
    expect(within(list).getByText('Contact message')).toBeTruthy();
    expect(within(list).getByText('Not sent: Please enter your query')).toBeTruthy();
  });

  it('queues the change again on Retry', async () => {
    const { toggle, store } = await refusedContact();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText(/1 change waiting to be sent/)).toBeTruthy());
    expect((await store.db.outbox.toArray()).map((e) => e.state)).toEqual(['queued']);
  });

  it('drops the change on Discard', async () => {
    const { toggle, store } = await refusedContact();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText(/not sent/)).toBeNull());
    expect(await store.db.outbox.count()).toBe(0);
  });
});

const form = courierForm(USER);

describe('a courier photo in the waiting list', () => {
  it('shows the size it goes up at, the size before downscaling, and its upload progress', async () => {
    const api = fakeApi();
    // An upload on a slow link: it never finishes while the test looks at the list.
    api.on('POST /api/files/courier-images', () => new Promise<Response>(() => undefined));
    const view = renderApp('/contact', { api });
    await findHeading('Contact Us');
    const photo = new Blob([new Uint8Array(300 * 1024)], { type: 'image/jpeg' });
    await act(async () => {
      await submitCourierRequest(view.store, form, photo, 'bag.jpg', Math.round(2.4 * 1024 * 1024));
      void uploadPhotos(view.store);
    });
    await userEvent.click(await screen.findByRole('button', { name: /Show waiting list/ }));
    const list = screen.getByRole('list', { name: 'Changes waiting' });
    expect(within(list).getByText('Courier service request')).toBeTruthy();
    expect(await within(list).findByText('Photo 0% of 300 KB (was 2.4 MB)')).toBeTruthy();
    const bar = within(list).getByRole('progressbar', { name: 'Photo upload' });
    expect(bar.getAttribute('max')).toBe(String(300 * 1024));
    expect(bar.getAttribute('value')).toBe('0');
  });
});

describe('a courier photo whose upload is answered 401', () => {
  it('shows the request waiting for the user to log in again, not uploading', async () => {
    const api = fakeApi();
    api.on('POST /api/files/courier-images', () =>
      json({ code: 'auth/unauthenticated', message: 'Please log in' }, 401),
    );
    const view = renderApp('/contact', { api });
    await findHeading('Contact Us');
    const photo = new Blob([new Uint8Array(1024)], { type: 'image/jpeg' });
    await act(async () => {
      await submitCourierRequest(view.store, form, photo, 'bag.jpg');
      await uploadPhotos(view.store);
    });
    await userEvent.click(await screen.findByRole('button', { name: /Show waiting list/ }));
    const list = screen.getByRole('list', { name: 'Changes waiting' });
    expect(await within(list).findByText('Waiting for you to log in again')).toBeTruthy();
    expect(within(list).queryByText(/Uploading photo|the photo goes first/)).toBeNull();
  });
});

describe('a courier request refused because the server no longer has its photo', () => {
  it('offers "Upload the photo again", which uploads it from the device and sends the request', async () => {
    const api = fakeApi();
    let uploads = 0;
    api.on('POST /api/files/courier-images', () => {
      uploads += 1;
      return json({ url: 'http://localhost/api/files/courier-images/abc-bag.jpg' }, 201);
    });
    let pushes = 0;
    api.on('POST /api/sync/push', async (req) => {
      pushes += 1;
      const { mutations } = (await req.json()) as { mutations: { id: number }[] };
      // The first push names a photo the clean-up deleted; the one after the new upload is applied.
      const results = mutations.map((m) =>
        pushes === 1
          ? {
              id: m.id,
              ok: false,
              code: 'courier/image-not-uploaded',
              message: 'The item image must be one you uploaded. Please upload it again.',
            }
          : { id: m.id, ok: true, body: { message: 'Courier request submitted', id: 'c1' } },
      );
      return json({ lastMutationId: mutations.at(-1)?.id ?? 0, results });
    });
    const view = renderApp('/contact', { api });
    await findHeading('Contact Us');
    const photo = new Blob([new Uint8Array(1024)], { type: 'image/jpeg' });
    await act(async () => {
      await submitCourierRequest(view.store, form, photo, 'bag.jpg');
      await uploadPhotos(view.store);
      await replayOutbox(view.store);
    });
    await userEvent.click(await screen.findByRole('button', { name: /Show waiting list/ }));
    const list = screen.getByRole('list', { name: 'Changes waiting' });
    const again = await within(list).findByRole('button', { name: 'Upload the photo again' });
    expect(within(list).queryByRole('button', { name: 'Retry' })).toBeNull();
    await userEvent.click(again);
    // What the sync loop does next (the lane, then the push), run here rather than waited for.
    await act(async () => {
      await uploadPhotos(view.store);
      await replayOutbox(view.store);
    });
    expect(uploads).toBe(2);
    expect(await view.store.db.outbox.count()).toBe(0);
  });
});
