// scripts/use-node.sh, which .ci/run and a developer's shell source: on a machine whose Node is older than the one
// the project is tested on, it installs that Node from the npm registry once and puts it first on PATH; on a
// current Node it changes nothing. Run in a copy of the script with a fake `node` and `npm` first on PATH, so no
// test installs anything.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const script = readFileSync('scripts/use-node.sh', 'utf8');
const pinned = /^REISESTEINE_NODE_VERSION="(\d+\.\d+\.\d+)"$/m.exec(script)?.[1] ?? '';
const nvmrc = readFileSync('.nvmrc', 'utf8').trim();
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const packageName = `node-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;

let root: string;
let fakeBin: string;

function executable(path: string, body: string) {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/** A `node` that reports `version`, and an `npm` that logs its arguments and "installs" the pinned Node's binary. */
function fakeTools(version: string) {
  executable(join(fakeBin, 'node'), `echo v${version}`);
  executable(
    join(fakeBin, 'npm'),
    [
      `echo "$@" >> "${root}/npm-calls"`,
      `dir="$3"`,
      `mkdir -p "$dir/node_modules/${packageName}/bin"`,
      `printf '#!/bin/sh\\necho v${pinned}\\n' > "$dir/node_modules/${packageName}/bin/node"`,
      `chmod +x "$dir/node_modules/${packageName}/bin/node"`,
    ].join('\n'),
  );
}

function source() {
  const out = execFileSync(
    'bash',
    // As .ci/run sources it: under `set -euo pipefail`.
    ['-c', 'set -euo pipefail; source scripts/use-node.sh; echo "node=$(command -v node) $(node --version) nodedir=$npm_config_nodedir"'],
    {
      cwd: root,
      env: { ...process.env, PATH: `${fakeBin}:/usr/bin:/bin`, HOME: root, npm_config_nodedir: '' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return out.trim();
}

function npmCalls() {
  try {
    return readFileSync(join(root, 'npm-calls'), 'utf8').trim().split('\n');
  } catch {
    return [];
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'use-node-'));
  fakeBin = join(root, 'fake-bin');
  mkdirSync(join(root, 'scripts'));
  mkdirSync(fakeBin);
  cpSync('scripts/use-node.sh', join(root, 'scripts/use-node.sh'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('scripts/use-node.sh', () => {
  it('installs the pinned Node from the npm registry once on an older Node and puts it first on PATH', () => {
    fakeTools('20.20.2');
    const dir = join(root, `.tools/node-${pinned}`);
    const installed = join(dir, 'node_modules', packageName);

    expect(source()).toBe(`node=${installed}/bin/node v${pinned} nodedir=${installed}`);
    expect(npmCalls()).toEqual([`install --prefix ${dir} --no-audit --no-fund --no-save --loglevel=error ${packageName}@${pinned}`]);

    // Sourced again (a second CI step, a new shell): the installed Node is used as it is.
    expect(source()).toBe(`node=${installed}/bin/node v${pinned} nodedir=${installed}`);
    expect(npmCalls()).toHaveLength(1);
  });

  it('changes nothing when the shell already runs the tested major version or a newer one', () => {
    for (const version of [`${nvmrc}.0.0`, '26.1.0']) {
      fakeTools(version);
      expect(source()).toBe(`node=${join(fakeBin, 'node')} v${version} nodedir=`);
    }
    expect(npmCalls()).toEqual([]);
  });

  it('installs when `node` does not answer with a version', () => {
    fakeTools('0.0.0');
    executable(join(fakeBin, 'node'), 'exit 127');
    expect(source()).toContain(`v${pinned}`);
    expect(npmCalls()).toHaveLength(1);
  });
});

describe('the Node version the project names', () => {
  it('is one major version in .nvmrc, the script and the deploy workflow, and within package.json engines', () => {
    expect(nvmrc).toMatch(/^\d+$/);
    expect(pinned.split('.')[0]).toBe(nvmrc);
    const workflow = parse(readFileSync('.github/workflows/deploy.yml', 'utf8')) as {
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const setups = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((step) => step.uses?.startsWith('actions/setup-node')));
    expect(setups.length).toBeGreaterThan(0);
    for (const setup of setups) expect(setup.with).toMatchObject({ 'node-version-file': '.nvmrc' });

    // engines: a floor only (">=22.12.0"), at or below the tested version.
    const floor = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(floor).not.toBeNull();
    expect(Number(floor?.[1])).toBeLessThanOrEqual(Number(nvmrc));
  });
});
