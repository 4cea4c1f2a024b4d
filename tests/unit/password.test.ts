import { describe, expect, it } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../src/worker/lib/password';

describe('operator passwords', () => {
  it('are stored as salted PBKDF2-SHA256 with the Workers maximum of iterations', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('verify the right password and refuse a wrong one', async () => {
    const hash = await hashPassword('correct horse battery', 1000);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterz', hash)).toBe(false);
  });

  it.each(['', 'plain', 'pbkdf2-sha256$abc$x$y', 'pbkdf2-sha256$200000$AAAA$AAAA', 'md5$1$a$b'])(
    'refuse the malformed hash %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );
});
