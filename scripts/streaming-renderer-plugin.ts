import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The Worker's build takes React's streaming renderer alone. `react-dom/server` resolves to `server.edge.js` in
 * workerd, which also loads the legacy renderer (`renderToString`, 259 KB of source) that the Worker never calls:
 * a seventh of the bundle, parsed and evaluated at every cold start. Only the production build: `npm run dev` and
 * the tests keep the package's own entry, with React's development builds where they apply.
 */
export function streamingRendererOnly(): Plugin {
  const edge = fileURLToPath(new URL('../node_modules/react-dom/cjs/react-dom-server.edge.production.js', import.meta.url));
  return {
    name: 'reisesteine:streaming-renderer-only',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    resolveId(id) {
      return id === 'react-dom/server' ? edge : undefined;
    },
  };
}
