/**
 * The secret that signs sessions: BETTER_AUTH_SECRET when set; otherwise one generated on first start
 * and kept in DATA_DIR/auth-secret (mode 0600), so sessions survive restarts of a self-hosted app.
 * Several app instances must share BETTER_AUTH_SECRET.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Returns the configured secret, or reads or creates DATA_DIR/auth-secret. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const dir = resolve(dataDir);
  const file = join(dir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
