// The API's origin: one setting for the page and the service worker. VITE_API_URL (at build
// time) names an API on another host; without it the API is on the app's own origin.

/** VITE_API_URL without trailing slashes; empty for a same-origin deployment. */
export const API_URL: string = (import.meta.env?.VITE_API_URL ?? '').trim().replace(/\/+$/, '');

/** The base URL every request of the data layer goes to. */
export function apiBaseUrl(): string {
  if (API_URL) return API_URL;
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? origin : 'http://localhost';
}
