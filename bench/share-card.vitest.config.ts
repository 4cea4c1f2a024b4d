import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../vitest.config.ts';

/**
 * The Worker tests' project (its workerd, bindings and settings, vitest.config.ts) running the bench's measurements in
 * tests/bench/ instead of the tests: `npm run bench` runs it (bench/share-card-render.mjs); `npm test` does not.
 */
const worker = (base.test?.projects ?? []).find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'worker',
);
if (!worker) throw new Error('vitest.config.ts has no worker project');

export default defineConfig({
  test: {
    projects: [{ ...worker, test: { ...worker.test, name: 'bench-worker', include: ['tests/bench/**/*.measure.ts'] } }],
  },
});
