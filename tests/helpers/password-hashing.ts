/**
 * Password hashing for apps built by tests: scrypt at a cost meant for tests, not for people's passwords.
 * Production keeps Better Auth's own (scrypt, N 16,384, r 16: ~110 ms of a core per hash on the 2-core
 * development VM), which the suite paid for each of its ~1,000 sign-ups, sign-ins and password changes,
 * about a sixth of its CPU. Passed to buildApp (BuildAppOptions.passwordHashing), never read from the
 * environment, so no setting can weaken a deployed instance's hashes.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../../src/server/auth/auth';

/** scrypt's cost parameters here (Better Auth's: N 16,384, r 16, p 1). */
const COST = { N: 1_024, r: 8, p: 1 };
const KEY_BYTES = 64;

/** `password`'s key from `salt`, as Better Auth derives it (the password NFKC-normalized). */
function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, COST, (error, derived) => (error ? reject(error) : resolve(derived)));
  });
}

/** Hashes as `salt:key` in hex (Better Auth's layout), verifies in constant time. ~1 ms a hash. */
export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await key(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(':');
    if (!salt || !stored) throw new Error('Invalid password hash');
    const expected = Buffer.from(stored, 'hex');
    const derived = await key(password, salt);
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  },
};
