import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfo } from './scripts/build-info-plugin.ts';
import { clientAssets } from './scripts/client-assets-plugin.ts';
import { compiledMessages } from './scripts/compiled-messages-plugin.ts';
import { devUrlGuard } from './scripts/dev-url-guard-plugin.ts';
import { serviceWorker } from './scripts/service-worker-plugin.ts';
import { streamingRendererOnly } from './scripts/streaming-renderer-plugin.ts';

const port = Number(process.env.PORT ?? 8787);
/**
 * Where the build goes: `dist/` (the tests, the bench, a local look), or a folder of its own for a deploy
 * (`npm run deploy` builds each environment into `.deploy/<environment>`, so a deploy never clobbers the build
 * the browser tests serve, nor the other way round).
 */
const outDir = process.env.BUILD_OUT_DIR ?? 'dist';

/** Modules the stone page shares with other lazily loaded screens (see the client build's codeSplitting). */
const STONE_SHARED =
  /src\/(?:shared\/schemas\/limits|client\/lib\/(?:api|hydrated|queries)|client\/ui\/(?:card|field)|client\/features\/(?:stone\/api|stone-map\/map-status))\.tsx?$/;

export default defineConfig(({ command }) => ({
  plugins: [
    // Dev server only: odd request targets such as `//` must not crash it (see the plugin).
    devUrlGuard(),
    react(),
    tailwindcss(),
    cloudflare(
      // `npm run dev` is development (secrets optional, see settings/public.ts); QR codes and share links point at the
      // dev server, whichever port it runs on.
      command === 'serve'
        ? {
            config: (config) => ({
              vars: {
                ...config.vars,
                ENVIRONMENT: 'development',
                MAIL_TRANSPORT: 'development',
                PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
              },
            }),
          }
        : {},
    ),
    clientAssets(),
    // The Worker's build without React's legacy renderer, which it never calls.
    streamingRendererOnly(),
    // The commit and the newest migration, for /healthz.
    buildInfo(),
    compiledMessages(),
    // /sw.js, next to the client build (offline stone pages and finds, decision record 015).
    serviceWorker(),
  ],
  resolve: {
    // Messages arrive precompiled (virtual:compiled-messages): ship formatjs without its parser.
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  build: {
    rollupOptions: {
      // The Worker imports every page module eagerly (pages/render.tsx) while the client loads them lazily:
      // that a dynamic import does not split the Worker bundle is intended, not worth a warning per page.
      onLog(level, log, handler) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('src/worker/pages/render.tsx')) return;
        handler(level, log);
      },
    },
  },
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
  environments: {
    // The Worker's build (its environment is named after the Worker in wrangler.toml).
    // Minified, with its source map: Cloudflare maps the stack traces in the logs back to the source (wrangler
    // uploads the maps with the deploy), and the upload and the startup's parse shrink by a good part.
    reisesteine: { build: { outDir: `${outDir}/reisesteine`, minify: true } },
    client: {
      build: {
        manifest: true,
        sourcemap: process.env.CLIENT_SOURCEMAP === '1',
        outDir: `${outDir}/client`,
        // MapLibre is one ~1 MB chunk, loaded lazily on stone pages only.
        chunkSizeWarningLimit: 1200,
        rollupOptions: {
          input: 'src/client/main.tsx',
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              // The small modules a stone page shares with other screens travel as one file, not ten: each file
              // costs its own gzip frame and import preamble in the page's first JavaScript (issue 11's budget).
              groups: [{ name: 'stone-shared', test: STONE_SHARED }],
            },
          },
        },
      },
    },
  },
  builder: {
    // The client is built first so the Worker build can read its manifest (asset names for the SSR head).
    async buildApp(builder) {
      const { client, ...workers } = builder.environments;
      if (!client) throw new Error('no client environment');
      await builder.build(client);
      for (const environment of Object.values(workers)) await builder.build(environment);
    },
  },
}));
