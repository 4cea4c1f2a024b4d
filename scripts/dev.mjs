// `npm run dev`: local D1 migrated, demo stones seeded, then Vite with the Worker in workerd (HMR).
// Everything stays on this machine under .wrangler/ — no Cloudflare account, no network.
import { execFileSync, spawn } from 'node:child_process';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
// No terminal on stdin: wrangler then applies the local migrations without asking to confirm.
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });

console.info('Applying migrations to the local D1 database…');
run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local']);
console.info('Seeding demo stones…');
run('npx', ['tsx', 'scripts/seed.ts']);

// Vite itself, not through npx (which does not pass a stop signal on): vite then stops workerd as it exits.
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'dev'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vite.kill(signal));
vite.on('exit', (code) => process.exit(code ?? 0));
