// The CI workflow cannot run here (no GitHub, no Cloudflare account): every command it calls must exist, with the
// arguments it passes, and its order must be the deploy's (tests, config, build, migrations, upload, health).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { wranglerCommandProblem } from '../support/wrangler-help';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  environment?: string;
  steps: Step[];
}
interface Workflow {
  on: { push: { branches: string[]; tags: string[] } };
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync('.github/workflows/deploy.yml', 'utf8')) as Workflow;
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const deployScript = readFileSync('scripts/deploy.ts', 'utf8');
const preflightScript = readFileSync('scripts/preflight.ts', 'utf8');
const steps = Object.entries(workflow.jobs).flatMap(([job, { steps }]) => steps.map((step) => ({ job, ...step })));

describe('.github/workflows/deploy.yml', () => {
  it('tests every push to main and every version tag, one deploy at a time, none cancelled halfway', () => {
    expect(workflow.on.push).toEqual({ branches: ['main'], tags: ['v*'] });
    expect(workflow.concurrency).toEqual({ group: 'deploy', 'cancel-in-progress': false });
  });

  it('deploys staging from main and production from a version tag, each only after the tests passed', () => {
    expect(workflow.jobs['deploy-staging']).toMatchObject({ if: "github.ref == 'refs/heads/main'", needs: 'test', environment: 'staging' });
    expect(workflow.jobs['deploy-production']).toMatchObject({
      if: "startsWith(github.ref, 'refs/tags/v')",
      needs: 'test',
      environment: 'production',
    });
    expect(workflow.jobs.test?.steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci', 'npm test']);
  });

  it('runs only npm scripts that exist, with arguments the scripts take', () => {
    const runs = steps.filter((s) => s.run).map((s) => s.run?.trim() ?? '');
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      if (run === 'npm ci' || run === 'npm test') continue;
      const match = run.match(/^npm run (\S+)(?: -- (.*))?$/);
      expect(match, run).not.toBeNull();
      const [, script = '', rest = ''] = match ?? [];
      expect(pkg.scripts[script], `${run}: no npm script ${script}`).toBeDefined();
      const [environment, ...flags] = rest.split(/\s+/).filter(Boolean);
      expect(['staging', 'production'], run).toContain(environment);
      const source = script === 'deploy' ? deployScript : preflightScript;
      for (const flag of flags) expect(source, `${run}: ${script} does not read ${flag}`).toContain(`'${flag}'`);
    }
  });

  it('uses wrangler-action with the pinned wrangler, for wrangler commands and flags that exist', () => {
    const actions = steps.filter((s) => s.uses?.startsWith('cloudflare/wrangler-action@'));
    expect(actions).toHaveLength(4);
    for (const step of actions) {
      expect(step.with?.wranglerVersion).toBe(pkg.devDependencies.wrangler);
      expect(wranglerCommandProblem(step.with?.command ?? '')).toBeNull();
    }
  }, 60_000);

  it.each(['staging', 'production'])(
    '%s: config and build, then migrations, then the upload of that build, then the health check',
    (environment) => {
      const job = workflow.jobs[`deploy-${environment}`];
      const order = (job?.steps ?? []).map((s) => s.run ?? s.with?.command ?? s.uses ?? '');
      const at = (pattern: RegExp) => order.findIndex((entry) => pattern.test(entry));
      const preflight = at(new RegExp(`^npm run preflight -- ${environment}$`));
      const dryRun = at(new RegExp(`^npm run deploy -- ${environment} --dry-run$`));
      const migrations = at(new RegExp(`^d1 migrations apply DB --remote --env ${environment}$`));
      // The folder scripts/deploy.ts builds the environment into.
      expect(deployScript).toMatch(/const outDir = `\.deploy\/\$\{name\}`;/);
      expect(deployScript).toMatch(/const builtConfig = `\$\{outDir\}\/reisesteine\/wrangler\.json`;/);
      const upload = at(new RegExp(`^deploy -c \\.deploy/${environment}/reisesteine/wrangler\\.json$`));
      const verify = at(new RegExp(`^npm run deploy -- ${environment} --verify$`));
      for (const index of [preflight, dryRun, migrations, upload, verify]) expect(index).toBeGreaterThanOrEqual(0);
      expect([preflight, dryRun, migrations, upload, verify]).toEqual(
        [...[preflight, dryRun, migrations, upload, verify]].sort((a, b) => a - b),
      );
    },
  );

  it('pins every action to a release', () => {
    for (const step of steps.filter((s) => s.uses)) expect(step.uses).toMatch(/@(?:v\d+(?:\.\d+)*|[0-9a-f]{40})$/);
  });
});
