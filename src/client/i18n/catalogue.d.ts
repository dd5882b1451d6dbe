// A catalogue compiled by the Lingui Vite plugin (lingui.config.ts): `import('messages/hi.json?lingui')`.
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
