// Reads one file field out of a multipart/form-data body as it arrives, piece by piece, so an
// upload is hashed and written while it is received: never a whole copy of the body in memory,
// as Request.formData() makes (and then another as a Blob). Other fields are skipped.
import { ApiError, invalid } from '../../http/errors';

export interface MultipartFile {
  /** The part's filename; known once the first piece is read (or the generator has returned). */
  filename: string | null;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
/** A part's headers longer than this are not a browser's or curl's. */
const MAX_HEADER_BYTES = 16 * 1024;

export const notMultipart = () =>
  invalid([{ path: 'file', message: 'Send the image as multipart form data in the field "file"' }]);

/** The boundary of a multipart/form-data Content-Type, or null for any other type. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function partField(headers: string): { name: string | null; filename: string | null } {
  const disposition = headers.split('\r\n').find((h) => /^content-disposition\s*:/i.test(h)) ?? '';
  const param = (key: string) =>
    new RegExp(`;\\s*${key}="([^"]*)"`, 'i').exec(disposition)?.[1] ??
    new RegExp(`;\\s*${key}=([^;\\s]+)`, 'i').exec(disposition)?.[1] ??
    null;
  return { name: param('name'), filename: param('filename') };
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  for (;;) {
    const { done } = await reader.read();
    if (done) return;
  }
}

/**
 * Yields the bytes of the field `field` (a file part) as they arrive, at most `maxBytes`
 * (413 file/too-large beyond); `info.filename` is set before the first piece. Ends after that
 * part; yields nothing when the body has no such part. A malformed body is 400.
 */
export async function* multipartFileField(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  field: string,
  maxBytes: number,
  info: MultipartFile,
): AsyncGenerator<Uint8Array> {
  if (!body) throw notMultipart();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  // The body starts with "--boundary" (a preamble before it is allowed): prefixing CRLF makes
  // every boundary the same delimiter.
  let pending: Buffer = CRLF;
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'skip' | 'file' = 'preamble';
  let size = 0;
  try {
    for (;;) {
      let progressed = true;
      while (progressed) {
        progressed = false;
        if (state === 'preamble' || state === 'skip' || state === 'file') {
          const at = pending.indexOf(delimiter);
          // Without a delimiter, all but its length could still be body bytes.
          const safe = at === -1 ? Math.max(0, pending.length - delimiter.length + 1) : at;
          if (state === 'file' && safe > 0) {
            size += safe;
            if (size > maxBytes) throw new ApiError('file/too-large');
            // A view, no copy: the buffers under it are never written again.
            yield pending.subarray(0, safe);
          }
          if (at === -1) {
            pending = pending.subarray(safe);
            break;
          }
          if (state === 'file') {
            // The rest (other fields, the closing boundary) is read and dropped: a body read to
            // its end keeps the connection open for the client's next request.
            await drain(reader);
            return;
          }
          pending = pending.subarray(at + delimiter.length);
          state = 'after-delimiter';
          progressed = true;
        } else if (state === 'after-delimiter') {
          if (pending.length < 2) break;
          if (pending[0] === 0x2d && pending[1] === 0x2d) return; // "--": the last boundary
          const eol = pending.indexOf(CRLF);
          if (eol === -1) break;
          pending = pending.subarray(eol + 2);
          state = 'headers';
          progressed = true;
        } else {
          const end = pending.indexOf(HEADERS_END);
          if (end === -1) {
            if (pending.length > MAX_HEADER_BYTES) throw notMultipart();
            break;
          }
          const part = partField(pending.subarray(0, end).toString('utf8'));
          pending = pending.subarray(end + HEADERS_END.length);
          if (part.name === field && part.filename !== null) {
            info.filename = part.filename;
            state = 'file';
          } else state = 'skip';
          progressed = true;
        }
      }
      const { done, value } = await reader.read();
      if (done) throw notMultipart();
      const piece = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      pending = pending.length ? Buffer.concat([pending, piece]) : piece;
    }
  } finally {
    reader.releaseLock();
  }
}
