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

declare module 'virtual:messages/names' {
  /** The text namespaces (folders of src/shared/i18n). */
  const names: string[];
  export default names;
}

declare module 'virtual:messages/*' {
  /** Every language's texts (`all`, `server`): message id → ICU AST, or the text itself when it is only text. */
  const messages: Record<import('../shared/i18n/locale').Locale, import('../client/lib/intl').Messages>;
  export default messages;
}

declare module 'virtual:build-info' {
  /** `commit`: the git commit the Worker was built from (`-dirty` with local changes); `migration`: the newest migration file it expects. */
  const info: { commit: string; migration: string | null };
  export default info;
}
