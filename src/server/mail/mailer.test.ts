import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { mailLocale, verificationMail } from './templates';

describe('outbox mailer (no SMTP_URL)', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes an .eml file and logs subject and link, not the address (not even masked) or the body', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palpite-mail-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = Fastify({ logger: { level: 'info', stream } }).log;
    const mailer = createMailer({ dataDir, from: 'Palpite <no-reply@palpite.local>', logger });
    const link = 'http://localhost:3000/#/email-verified?token=abc.def';
    // Text in a mail may come from a user: only the link the app generated reaches the log.
    const mail = verificationMail('en', link);
    await mailer.send({ to: 'maria.silva@example.com', ...mail, text: `${mail.text}\nhttp://evil.example/confirm Maria Silva` });

    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: maria.silva@example.com');
    expect(eml).toContain('Subject: Confirm your email for Palpite');

    const log = JSON.parse(lines.join(''));
    expect(log).toMatchObject({ subject: 'Confirm your email for Palpite', link });
    expect(log).not.toHaveProperty('to');
    expect(log.msg).toContain(`\n    ${link}\n`);
    expect(lines.join('')).not.toContain('evil.example');
    expect(lines.join('')).not.toContain('example.com');
    expect(lines.join('')).not.toContain('Maria Silva');
  });
});

describe('mail templates', () => {
  it.each([
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt-BR'],
    ['es-AR', 'es'],
    ['de-DE,en;q=0.5', 'en'],
    ['fr', 'en'],
    [null, 'en'],
  ])('Accept-Language %s → %s', (header, locale) => {
    expect(mailLocale(header)).toBe(locale);
  });

  it('escapes the link in HTML and carries it in the text', () => {
    const mail = verificationMail('es', 'http://x/verify?token=1&a=2');
    expect(mail.subject).toBe('Confirma tu correo en Palpite');
    expect(mail.html).toContain('href="http://x/verify?token=1&amp;a=2"');
    expect(mail.text).toContain('http://x/verify?token=1&a=2');
    expect(mail.text.startsWith('Hola:')).toBe(true);
  });
});
