// Modules that Vite plugins in scripts/ make at build time.
declare module 'virtual:client-assets' {
  interface ChunkAssets {
    script: string;
    css: string[];
    preload: string[];
  }
  /** `messages`: the chunk of each language's interface texts (none in development). */
  const assets: { dev: boolean; entry: ChunkAssets; pages: Record<string, ChunkAssets>; messages: Record<string, string> };
  export default assets;
}

declare module 'virtual:messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

  const messages: Record<import('../shared/i18n/locale').Locale, Record<string, MessageFormatElement[]>>;
  export default messages;
}
