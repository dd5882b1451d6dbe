// Build-time configuration: import.meta.env parsed once, with defaults that work for a same-origin
// deployment. The API origin is src/data's setting (api-url.ts), shared with the service worker.
import * as v from 'valibot';
import { API_URL } from '@/data/engine/api-url';

const envSchema = v.object({
  VITE_SUPPORT_PHONE: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '+91 80 4567 8900'),
  VITE_SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email()), 'support@carry.app'),
});

function blankToUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

const env = import.meta.env;
const parsed = v.parse(envSchema, {
  VITE_SUPPORT_PHONE: blankToUndefined(env.VITE_SUPPORT_PHONE),
  VITE_SUPPORT_EMAIL: blankToUndefined(env.VITE_SUPPORT_EMAIL),
});

export const config = {
  /** API origin; empty means the page's own origin (the setting lives in src/data/engine/api-url.ts). */
  apiUrl: API_URL,
  supportPhone: parsed.VITE_SUPPORT_PHONE,
  supportEmail: parsed.VITE_SUPPORT_EMAIL,
} as const;
