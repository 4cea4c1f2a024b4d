import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { chunkAssets, ENTRY, type ManifestChunk } from './client-assets-plugin.ts';

const SOURCE = 'src/client/features/offline/service-worker.ts';
const STONE_PAGE = 'src/client/pages/stone.tsx';
/** Larger lazily loaded files (the map library) are not fetched ahead: a finder's connection may be weak. */
const MAX_AHEAD_BYTES = 200 * 1024;

interface Chunk extends ManifestChunk {
  dynamicImports?: string[];
}

/**
 * Lazily loaded modules of the first JavaScript that a stone page without a connection still needs: the toasts, the
 * offline code, the header menu's items and the footer.
 */
const LAZY_NEEDED = ['src/client/ui/toaster.tsx', 'src/client/features/offline/index.ts', 'src/client/features/layout/later-parts.ts'];

/**
 * The files a stone page needs without a connection: the entry's and the stone page's scripts and styles, the
 * interface texts, the header's and footer's, the stone page's and its parts', the map's, a position's failure's,
 * the kept finds' and the published place's texts (the find form's check loads them) in every language, the toasts
 * and the offline code, the header menu's items and the footer, and what the stone page loads lazily (dialogs,
 * share buttons), except other screens and large files (the map library).
 */
export function precacheList(manifest: Record<string, Chunk>, sizeOf: (file: string) => number): string[] {
  const files = new Set<string>();
  const add = (key: string) => {
    const { script, css, preload } = chunkAssets(manifest, key);
    for (const file of [script, ...css, ...preload]) files.add(file);
  };
  const lazy = new Set<string>(LAZY_NEEDED);
  const walk = (key: string) => {
    for (const imported of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])]) {
      if (imported === ENTRY || lazy.has(imported) || imported.startsWith('src/client/pages/') || imported.startsWith('virtual:messages/'))
        continue;
      lazy.add(imported);
      walk(imported);
    }
  };
  add(ENTRY);
  add(STONE_PAGE);
  walk(STONE_PAGE);
  for (const key of lazy) {
    const chunk = manifest[key];
    if (chunk && sizeOf(chunk.file) <= MAX_AHEAD_BYTES) add(key);
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (/^virtual:messages\/(?:core|layout|stone|stone-parts|stone-map|geo|find-kept|find-place)\/[a-z]{2}$/.test(key))
      files.add(`/${chunk.file}`);
  }
  return [...files].sort();
}

/**
 * Builds the service worker as `/sw.js` next to the client build (a separate bundle: a classic worker script
 * cannot share the app's chunks), with the list of files to fetch at install and a cache version made from it.
 */
export function serviceWorker(): Plugin {
  let root = process.cwd();
  return {
    name: 'reisesteine:service-worker',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') throw new Error('the client build wrote no manifest');
      const manifest = JSON.parse(String(manifestAsset.source)) as Record<string, Chunk>;
      const sizeOf = (file: string) => {
        const output = bundle[file];
        if (!output) return 0;
        return output.type === 'chunk' ? Buffer.byteLength(output.code) : Buffer.byteLength(output.source);
      };
      const precache = precacheList(manifest, sizeOf);
      const version = createHash('sha256').update(JSON.stringify(precache)).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __PRECACHE__: JSON.stringify(JSON.stringify(precache)), __CACHE_VERSION__: JSON.stringify(version) },
        build: {
          outDir: options.dir ?? resolve(root, 'dist/client'),
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: false,
          rollupOptions: { input: resolve(root, SOURCE), output: { format: 'iife', entryFileNames: 'sw.js' } },
        },
      });
    },
  };
}
