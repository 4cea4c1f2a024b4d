// `tsx scripts/deploy/measure.ts <built wrangler.json> <work dir>`: the Worker's upload and startup against their
// budgets as one JSON line, for `npm run bench` (a .mjs script that cannot import TypeScript itself).
import { measureBudgets, STARTUP_BUDGET_MS, UPLOAD_BUDGET_KIB } from './budgets';

const [config, workDir] = process.argv.slice(2);
if (!config || !workDir) {
  console.error('Usage: tsx scripts/deploy/measure.ts <built wrangler.json> <work dir>');
  process.exit(2);
}
const budgets = measureBudgets(config, workDir);
console.info(JSON.stringify({ ...budgets, budgets: { uploadGzipKiB: UPLOAD_BUDGET_KIB, startupMs: STARTUP_BUDGET_MS } }));
