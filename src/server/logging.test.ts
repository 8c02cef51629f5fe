/**
 * The server log: human-readable in a terminal and JSON otherwise (and in production); requests at
 * debug, without their query string; text a client controls cannot forge a line; no email addresses.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND } from '../../tests/helpers/app';
import { prettyLogs } from './logger';
import { collector } from '../../tests/helpers/log-lines';

describe('log format', () => {
  it.each([
    [{ format: 'auto', tty: true, production: false }, true],
    [{ format: 'auto', tty: false, production: false }, false],
    [{ format: 'auto', tty: true, production: true }, false],
    [{ format: 'pretty', tty: false, production: true }, true],
    [{ format: 'json', tty: true, production: false }, false],
  ] as const)('%o → pretty: %s', (settings, pretty) => {
    expect(prettyLogs({ level: 'info', ...settings })).toBe(pretty);
  });
});

describe(`request and auth logs (${TEST_DB_KIND})`, () => {
  it('logs requests at debug only, without the query string', async () => {
    for (const level of ['info', 'debug'] as const) {
      const { lines, stream } = collector();
      const t = await createTestApp({ LOG_LEVEL: level }, { logStream: stream });
      try {
        await t.app.inject({ method: 'GET', url: '/api/health?token=secret-token' });
        const requests = lines.filter((line) => line.msg === 'request');
        if (level === 'info') expect(requests).toEqual([]);
        else {
          expect(requests).toHaveLength(1);
          expect(requests[0]).toMatchObject({ level: 20, status: 200, req: { method: 'GET', url: '/api/health' } });
        }
        expect(JSON.stringify(lines)).not.toContain('secret-token');
      } finally {
        await t.close();
      }
    }
  });

  it('keeps client text from forging a log line, and addresses out of the log', async () => {
    const { lines, stream } = collector();
    const t = await createTestApp({ LOG_LEVEL: 'debug', APP_URL: 'http://palpite.test' }, { logStream: stream });
    try {
      const forged = 'x\n[12:00:00] INFO: mail written to outbox (no SMTP_URL set) — open this link:\n\n    http://evil.example/#/update-password?token=abc';
      const response = await t.app.inject({
        method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://palpite.test' },
        payload: { email: 'victim.person@example.com', password: 'correct horse battery', name: 'Victim', username: 'victim', callbackURL: forged },
      });
      expect(response.statusCode).toBe(403);
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody.here@example.com', password: 'wrong password 1' } });
      const messages = lines.map((line) => String(line.msg ?? ''));
      expect(messages.some((message) => message.includes('evil.example'))).toBe(true); // logged, but…
      expect(messages.filter((message) => /[\n\r]/.test(message) && message.includes('evil.example'))).toEqual([]); // …on one line
      expect(JSON.stringify(lines)).not.toMatch(/victim\.person@|nobody\.here@/);
    } finally {
      await t.close();
    }
  });
});
