import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LOCALES } from '../src/shared/i18n/locale.ts';

const VIRTUAL_ID = 'virtual:client-assets';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
export const ENTRY = 'src/client/main.tsx';

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isDynamicEntry?: boolean;
}

interface ChunkAssets {
  script: string;
  css: string[];
  preload: string[];
}

/** A chunk's script, its CSS and the scripts it imports statically (to preload with it), from Vite's client manifest. */
export function chunkAssets(manifest: Record<string, ManifestChunk>, key: string): ChunkAssets {
  const seen = new Set<string>();
  const css = new Set<string>();
  const preload: string[] = [];
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    if (k !== key) preload.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is missing from the client manifest`);
  return { script: `/${chunk.file}`, css: [...css], preload };
}

/** The entry's and every lazily loaded page's script, CSS and static imports, from Vite's client manifest. */
export function fromManifest(manifest: Record<string, ManifestChunk>) {
  const collect = (key: string) => chunkAssets(manifest, key);
  const pages: Record<string, ChunkAssets> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const page = key.match(/^src\/client\/pages\/([\w-]+)\.tsx$/)?.[1];
    if (page && chunk.isDynamicEntry) pages[page] = collect(key);
  }
  // Each catalog in one language (`core/de`, `home/en`, …): a page preloads its own with the entry.
  const messages: Record<string, string> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const catalog = key.match(/^virtual:messages\/([a-z-]+\/[a-z]{2})$/)?.[1];
    if (catalog) messages[catalog] = `/${chunk.file}`;
  }
  const missing = LOCALES.filter((locale) => !messages[`core/${locale}`]);
  if (missing.length > 0) throw new Error(`virtual:messages/core/${missing.join('|')} missing from the client manifest`);
  return { dev: false, entry: collect(ENTRY), pages, messages };
}

/**
 * `virtual:client-assets` tells the Worker which files a page needs: in development the Vite sources, in a
 * build the hashed files of the client build (which `buildApp` runs first).
 */
export function clientAssets(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let clientOutDir = resolve(process.cwd(), 'dist/client');
  return {
    name: 'reisesteine:client-assets',
    configResolved(config) {
      command = config.command;
      // The client build's own folder: `dist/client`, or a deploy's `.deploy/<environment>/client` (vite.config.ts).
      clientOutDir = resolve(config.root, config.environments.client?.build.outDir ?? 'dist/client');
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (command === 'serve') {
        const dev = { dev: true, entry: { script: `/${ENTRY}`, css: ['/src/client/styles.css'], preload: [] }, pages: {}, messages: {} };
        return `export default ${JSON.stringify(dev)};`;
      }
      const manifestPath = resolve(clientOutDir, '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
      return `export default ${JSON.stringify(fromManifest(manifest))};`;
    },
  };
}
