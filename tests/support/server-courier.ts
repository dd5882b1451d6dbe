// A courier request over HTTP: its photo uploaded, then POST /api/courier/submit.
//
//   uploadCourierImage(server, owner) : Promise<string>   the uploaded PNG's url
//   submitCourier(server, sender, overrides?) : Promise<{ status, body }>   courierBody + overrides
import type { CourierRow } from '@/domain/courier/status';
import type { TestServer } from './server-app';
import { courierBody } from './server-fixtures';
import type { TestUser } from './server-users';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export async function uploadCourierImage(
  server: Pick<TestServer, 'request'>,
  owner: TestUser,
): Promise<string> {
  const form = new FormData();
  form.append('file', new File([PNG], 'books.png', { type: 'image/png' }));
  const res = await server.request('/api/files/courier-images', {
    method: 'POST',
    body: form,
    headers: { Cookie: owner.cookie },
  });
  return ((await res.json()) as { url: string }).url;
}

export async function submitCourier(
  server: Pick<TestServer, 'request'>,
  sender: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const res = await sender.call(
    'POST',
    '/api/courier/submit',
    courierBody(sender, await uploadCourierImage(server, sender), overrides),
  );
  return {
    status: res.status,
    body: (await res.json()) as { id: string; request: CourierRow; code?: string },
  };
}
