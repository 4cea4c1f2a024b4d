import { env } from 'cloudflare:test';
import { getDb } from '../../src/worker/db/client';
import { operators } from '../../src/worker/db/schema';
import { issueOperatorToken } from '../../src/worker/lib/operator-auth';
import { hashPassword } from '../../src/worker/lib/password';

/** The password every test operator has. */
export const OPERATOR_PASSWORD = 'richtig-langes-passwort';

/**
 * Adds an operator as `npm run operator:add` does (a cheaper PBKDF2 count: the tests check logins, not the cost)
 * and returns its id.
 */
export async function insertOperator(email = 'admin@example.org', password = OPERATOR_PASSWORD): Promise<string> {
  const id = crypto.randomUUID();
  await getDb(env.DB)
    .insert(operators)
    .values({ id, email, passwordHash: await hashPassword(password, 1000) });
  return id;
}

/** A valid operator token for a new operator, as a login answers it. */
export async function operatorToken(email = 'admin@example.org'): Promise<string> {
  const id = await insertOperator(email);
  return issueOperatorToken(env, { id, email });
}
