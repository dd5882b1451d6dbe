// The streaming multipart reader of uploads: the file field's bytes exactly, however the body is
// cut into pieces on the way, other fields skipped, limits and malformed bodies refused.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/server/http/errors';
import {
  type MultipartFile,
  multipartBoundary,
  multipartFileField,
} from '@/server/routes/files/files.multipart';

async function encode(form: FormData): Promise<{ bytes: Uint8Array; boundary: string }> {
  const res = new Response(form);
  const boundary = multipartBoundary(res.headers.get('content-type') ?? undefined) as string;
  return { bytes: new Uint8Array(await res.arrayBuffer()), boundary };
}

function pieces(bytes: Uint8Array, size: (i: number) => number): ReadableStream<Uint8Array> {
  let offset = 0;
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const n = size(i++);
      controller.enqueue(bytes.slice(offset, offset + n));
      offset += n;
    },
  });
}

async function read(body: ReadableStream<Uint8Array>, boundary: string, max = 1 << 20) {
  const info: MultipartFile = { filename: null };
  const out: Uint8Array[] = [];
  for await (const piece of multipartFileField(body, boundary, 'file', max, info))
    out.push(new Uint8Array(piece));
  return { info, bytes: new Uint8Array(Buffer.concat(out)) };
}

describe('multipartFileField', () => {
  // Bytes that look like line ends and dashes, to tempt a boundary search.
  const file = new Uint8Array(5000).map((_, i) => [13, 10, 45, 45, 65][i % 5] as number);
  const form = new FormData();
  form.append('note', 'before\r\n--not-a-boundary');
  form.append('file', new File([file], 'bag (1).jpg', { type: 'image/jpeg' }));
  form.append('after', 'x');

  it('yields the file field exactly, whatever the pieces the body arrives in', async () => {
    const { bytes, boundary } = await encode(form);
    for (const size of [() => 1, () => 7, (i: number) => (i % 3) * 100 + 1, () => 65536]) {
      const got = await read(pieces(bytes, size), boundary);
      expect(got.info.filename).toBe('bag (1).jpg');
      expect(got.bytes).toEqual(file);
    }
  });

  it('answers no filename for a body without the file field', async () => {
    const other = new FormData();
    other.append('note', 'only text');
    const { bytes, boundary } = await encode(other);
    const got = await read(
      pieces(bytes, () => 10),
      boundary,
    );
    expect(got.info.filename).toBeNull();
    expect(got.bytes.length).toBe(0);
  });

  it('refuses a file over the limit (413) and a body cut short (400)', async () => {
    const { bytes, boundary } = await encode(form);
    const tooLarge = await read(
      pieces(bytes, () => 100),
      boundary,
      4000,
    ).catch((e: ApiError) => e.code);
    expect(tooLarge).toBe('file/too-large');
    const cut = await read(
      pieces(bytes.slice(0, 3000), () => 100),
      boundary,
    ).catch((e: ApiError) => e.code);
    expect(cut).toBe('request/invalid');
    expect(multipartBoundary('application/json')).toBeNull();
  });
});
