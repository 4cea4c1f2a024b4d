// `node scripts/serve-worker.mjs`: serves a built Worker as `wrangler dev -c <config>` does, but without the
// devtools inspector, which production does not have: with it attached, every console line of the Worker also
// travels to wrangler as a devtools message, which cost the bench a quarter of the stone JSON's throughput (one
// log line per request, decision record 021). Settings come as JSON in SERVE_WORKER: { config, port, persist, vars }.
// Prints "ready" once it answers; stops on SIGTERM or SIGINT.
import { unstable_startWorker } from 'wrangler';

const { config, port, persist, vars = {} } = JSON.parse(process.env.SERVE_WORKER ?? '{}');
const worker = await unstable_startWorker({
  config,
  bindings: Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: 'plain_text', value: String(value) }])),
  dev: { server: { hostname: '127.0.0.1', port }, inspector: false, persist, logLevel: 'warn' },
});
await worker.ready;
console.info('ready');
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
