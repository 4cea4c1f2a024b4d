// Modules that Vite plugins in scripts/ make at build time.
declare module 'virtual:client-assets' {
  interface ChunkAssets {
    script: string;
    css: string[];
    preload: string[];
  }
  const assets: { dev: boolean; entry: ChunkAssets; pages: Record<string, ChunkAssets> };
  export default assets;
}

declare module 'virtual:server-messages' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

  const messages: Record<import('../shared/i18n/locale').Locale, Record<string, MessageFormatElement[]>>;
  export default messages;
}

declare module 'virtual:compiled-messages' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

  const messages: Record<import('../shared/i18n/locale').Locale, Record<string, MessageFormatElement[]>>;
  export default messages;
}
