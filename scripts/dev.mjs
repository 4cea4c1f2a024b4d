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

// Once the Worker answers, one run of the cron (as production's trigger would start it): the demo stones and
// collection, seeded straight into D1, get their share cards, and the mail outbox is looked after.
const origin = `http://127.0.0.1:${Number(process.env.PORT ?? 8787)}`;
for (let attempt = 0; attempt < 120; attempt++) {
  const up = await fetch(`${origin}/healthz`).then(
    (res) => res.status < 500,
    () => false,
  );
  if (up) {
    await fetch(`${origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('*/5 * * * *')}`).catch(() => {});
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
