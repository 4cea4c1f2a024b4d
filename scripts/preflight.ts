// `npm run preflight -- <staging|production> [--secrets-file <file>]`: before a deploy, what the Worker's own
// configuration check (src/worker/settings/checks.ts) and the deploy's config check will say about an environment
// of wrangler.toml, and the secrets to set at Cloudflare, which cannot be seen from here. With the secrets file of
// a first deploy (KEY=value lines, docs/deploy.md) their values are checked too; they are never printed.
// Exits 1 when the deploy would refuse (or the Worker would answer 503 MISCONFIGURED), 0 otherwise.
import { checkSettings } from '../src/worker/settings/checks.ts';
import {
  ENVIRONMENTS,
  environmentProblems,
  isEnvironmentName,
  readWranglerToml,
  requiredSecrets,
  settingsOf,
  sharedResourceProblems,
} from './deploy/environments';
import { secretsAsDeployed } from './deploy/secrets-file';
import { readWatcherToml, watcherProblems } from './deploy/watcher';

const args = process.argv.slice(2);
const secretsAt = args.indexOf('--secrets-file');
const secretsFile = secretsAt >= 0 ? args[secretsAt + 1] : undefined;
const name = args.find((arg, i) => !arg.startsWith('--') && (secretsAt < 0 || i !== secretsAt + 1));
if (!isEnvironmentName(name) || (secretsAt >= 0 && !secretsFile)) {
  console.error(`Usage: npm run preflight -- <${ENVIRONMENTS.join('|')}> [--secrets-file <file>]`);
  process.exit(2);
}

const config = readWranglerToml();
const deployed = secretsFile ? secretsAsDeployed(secretsFile) : { secrets: {}, fromShell: [], expanded: [] };
const secrets: Record<string, string> = deployed.secrets;
const problems = [
  ...environmentProblems(config, name),
  ...sharedResourceProblems(config),
  ...watcherProblems(config, readWatcherToml(), name),
];
const findings = checkSettings(settingsOf(config, name, secrets));
const needed = requiredSecrets(config, name);

console.info(`Preflight of [env.${name}] in wrangler.toml\n`);
const section = (title: string, lines: string[]) => {
  console.info(`${title}:`);
  for (const line of lines.length ? lines : ['none']) console.info(`  ${line}`);
  console.info('');
};
section(
  'Deploy configuration (refused by npm run deploy)',
  problems.map((p) => `${p.kind === 'structure' ? '✗' : '✗ to set:'} ${p.message}`),
);
section(
  'Settings the Worker refuses (it would answer every request 503 MISCONFIGURED)',
  findings.filter((f) => f.severity === 'refuse').map((f) => `✗ ${f.setting} ${f.problem}`),
);
section(
  'Settings that switch a feature off (the site runs, /healthz says degraded)',
  findings.filter((f) => f.severity === 'feature').map((f) => `! ${f.setting} (${f.feature}) ${f.problem}`),
);
if (secretsFile) {
  section('The shell over the secrets file (wrangler deploy sends what the shell exports; checked as sent)', [
    ...deployed.fromShell.map((name) => `! ${name} is exported in this shell: the deploy sends that value, not the file's (unset it)`),
    ...deployed.expanded.map((name) => `! ${name} refers to a shell variable ($…): wrangler fills it in from this shell`),
  ]);
}
const missing = needed.filter((secret) => !secrets[secret]);
section(
  secretsFile ? `Secrets (checked from ${secretsFile}; values not shown)` : 'Secrets to set at Cloudflare (not visible from here)',
  secretsFile
    ? needed.map((secret) => `${secrets[secret] ? '✓' : '✗ missing:'} ${secret}`)
    : needed.map((secret) => `${secret}   (npx wrangler secret put ${secret} --env ${name}, or --secrets-file on the first deploy)`),
);

const refused = problems.length + findings.filter((f) => f.severity === 'refuse').length + (secretsFile ? missing.length : 0);
console.info(refused ? `✗ ${refused} thing(s) to fix before deploying ${name}.` : `✓ ${name} can be deployed.`);
process.exit(refused ? 1 : 0);
