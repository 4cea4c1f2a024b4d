import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secretsAsDeployed } from '../../scripts/deploy/secrets-file';

const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(text: string): string {
  const path = join(dir, `${Math.random()}.secrets`);
  writeFileSync(path, text);
  return path;
}

describe('the secrets as the deploy sends them', () => {
  it("takes a variable exported in the shell over the file's line, and names it", () => {
    const path = file('STRIPE_SECRET_KEY=sk_live_file\nHEALTH_TOKEN="from the file"\n# a comment\n');
    const { secrets, fromShell, expanded } = secretsAsDeployed(path, { STRIPE_SECRET_KEY: 'sk_test_shell', PATH: '/usr/bin' });
    expect(secrets).toEqual({ STRIPE_SECRET_KEY: 'sk_test_shell', HEALTH_TOKEN: 'from the file' });
    expect(fromShell).toEqual(['STRIPE_SECRET_KEY']);
    expect(expanded).toEqual([]);
  });

  it('names a value that refers to the shell, and nothing when the shell agrees with the file', () => {
    // The dotenv way of naming a shell variable in a value, as wrangler expands it.
    const reference = ['$', '{RECAPTCHA}'].join('');
    const path = file(`RECAPTCHA_SECRET=${reference}\nOPERATOR_JWT_SECRET=same\n`);
    const { fromShell, expanded } = secretsAsDeployed(path, { OPERATOR_JWT_SECRET: 'same' });
    expect(fromShell).toEqual([]);
    expect(expanded).toEqual(['RECAPTCHA_SECRET']);
  });
});
