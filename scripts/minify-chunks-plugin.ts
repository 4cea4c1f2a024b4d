import { minify, type Plugin } from 'vite';

/**
 * Minifies the Worker's chunks whose names match. The Worker is built unminified (readable stack traces in the
 * logs); the share card renderer (opentype.js, jpeg-js, fast-png, the land: decision record 025) is loaded by the
 * queue job only, and minified it takes a good part less of the upload budget. Done when the bundle is written,
 * after every other plugin has rendered the chunk (a renderChunk result is printed again); the chunk goes without
 * a source map.
 */
export function minifyWorkerChunks(names: RegExp): Plugin {
  return {
    name: 'minify-worker-chunks',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name !== 'client',
    async generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !names.test(output.name)) continue;
        const result = await minify(output.fileName, output.code, { module: true, compress: true, mangle: true });
        if (result.errors.length > 0) throw new Error(`minifying ${output.fileName}: ${result.errors.map((e) => e.message).join('; ')}`);
        output.code = result.code;
        // Its source map described the code before: gone with it rather than pointing wrong.
        output.map = null;
        delete bundle[`${output.fileName}.map`];
      }
    },
  };
}
