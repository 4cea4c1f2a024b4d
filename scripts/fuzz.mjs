// `npm run fuzz -- [--minutes N] [--runs N]`: the API fuzz (tests/worker/api.fuzz.test.ts) with new random seeds,
// one run after another for N minutes (default 10), each printed before it starts. `npm test` runs the fuzz with
// one fixed seed; this looks for what other seeds find. It stops at the first failing run and prints the command
// that repeats it (FUZZ_SEED=<seed>); exit code 1 then, 0 when the time ran out without a failure.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const USAGE = 'usage: npm run fuzz -- [--minutes N] [--runs N]   (runs: generated requests per seed, default 10000)';

/** The options after `--`: each of --minutes and --runs with a positive number after it, nothing else. */
function parseOptions(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '') ?? '';
    const value = Number(argv[i + 1]);
    if (!['minutes', 'runs'].includes(name) || !argv[i]?.startsWith('--')) throw new Error(`unknown option ${argv[i]}`);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
    options[name] = value;
  }
  return options;
}

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

const minutes = options.minutes ?? 10;
const runs = Math.round(options.runs ?? 10_000);
const deadline = Date.now() + minutes * 60_000;
let round = 0;

while (Date.now() < deadline) {
  round += 1;
  const seed = randomInt(1, 2 ** 31);
  console.info(`\n── fuzz run ${round}: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} ──`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'worker', 'tests/worker/api.fuzz.test.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_SEED: String(seed),
      FUZZ_RUNS: String(runs),
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    },
  });
  if (result.status !== 0) {
    console.error(
      `\n✗ seed ${seed} failed. Repeat it with:\n  FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx vitest run --project worker tests/worker/api.fuzz.test.ts`,
    );
    process.exit(1);
  }
}
console.info(`\n✓ ${round} run(s) of ${runs} requests with new seeds, none failed`);
