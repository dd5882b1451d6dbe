// Recognises an image by its first bytes, never by its name or declared type. SVG is not
// accepted: it can carry script.

const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', test: (b) => ascii(b, 1, 4) === 'PNG' && b[0] === 0x89 },
  { type: 'image/gif', test: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  { type: 'image/webp', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  {
    type: 'image/avif',
    test: (b) => ascii(b, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(b, 8, 12)),
  },
  {
    type: 'image/heic',
    test: (b) => ascii(b, 4, 8) === 'ftyp' && ['heic', 'heix', 'mif1'].includes(ascii(b, 8, 12)),
  },
];

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function detectImageType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((s) => s.test(bytes))?.type ?? null;
}
