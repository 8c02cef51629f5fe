/**
 * The README's first steps hold on a fresh clone: its commands name nothing outside the repository (a
 * clone has no ../shared beside it), the import example reads a URL anyone can reach, and what it says of
 * the confirmation link matches what the outbox mailer logs in each of the log's formats (a line of its
 * own in a terminal, the `link` field of a JSON line otherwise). The openfootball sources it describes
 * (an address, or a path on the server) are what the admin area accepts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLeagueRequest } from '../contracts/admin';
import { createMailer } from '../server/mail/mailer';
import { verificationMail } from '../server/mail/templates';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The shell commands of the README's code blocks, one per line. */
const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n').filter((line) => line.trim() !== ''));

describe('the README\'s first steps', () => {
  it('opens with the set-up a newcomer runs, and names nothing outside the repository', () => {
    expect(commands[0]).toMatch(/^npm install && npm start\b/);
    expect(commands[1]).toMatch(/^npm test\b/);
    expect(commands.filter((line) => line.includes('../'))).toEqual([]);
    expect(readme).not.toContain('../shared');
    // The import example reads a URL (a fresh machine has no data files), with its time zone.
    const example = commands.find((line) => line.startsWith('npm run import -- http'));
    expect(example).toMatch(/^npm run import -- https:\/\/\S+\.json --tz [A-Za-z]+\/[A-Za-z_]+$/);
  });

  it('says where the confirmation link is in both log formats, as the outbox mailer logs it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palpite-readme-'));
    try {
      const lines: string[] = [];
      const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
      const mailer = createMailer({ dataDir, from: 'Palpite <no-reply@palpite.local>', logger: Fastify({ logger: { level: 'info', stream } }).log });
      const link = 'http://localhost:3000/#/email-verified?token=abc';
      await mailer.send({ to: 'newcomer@example.com', ...verificationMail('en', link) });
      const line = JSON.parse(lines.join('')) as { msg: string; link: string; file: string };
      // JSON (output to a file): the README names the field, and its grep finds the link.
      expect(readme.replace(/\s+/g, ' ')).toContain("the log is JSON and the link is that line's `link` field");
      const grep = /grep -o '([^']+)'/.exec(readme)?.[1];
      expect(grep).toBeDefined();
      expect(JSON.stringify(line).match(new RegExp(grep!))?.[0]).toBe(`"link":"${link}"`);
      // A terminal: the message the README quotes, then the link on a line of its own.
      const quoted = /after `(mail written to outbox[^`]+)`/.exec(readme.replace(/\n\s+/g, ' '))?.[1];
      expect(quoted).toBe('mail written to outbox (no SMTP_URL set): "Confirm your email for Palpite" — open this link:');
      expect(line.msg).toBe(`${quoted}\n\n    ${link}\n`);
      expect(line.file.startsWith(join(dataDir, 'outbox'))).toBe(true);
      expect(readme).toContain('`data/outbox/*.eml`');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('describes the openfootball sources the admin area takes: an address, or a .json file on the server', () => {
    expect(readme).toMatch(/\*\*openfootball\*\*: a file's http\(s\) address, or its path on the server/);
    const source = (sourceRef: string) => createLeagueRequest.safeParse({ source: 'openfootball', sourceRef, sourceTimeZone: 'Europe/London' }).success;
    expect(source('https://raw.githubusercontent.com/openfootball/football.json/master/2025-26/en.1.json')).toBe(true);
    expect(source('/srv/palpite/data/en.1.json')).toBe(true);
    expect(source('data/en.1.json')).toBe(true);
    expect(source('/etc/passwd')).toBe(false);
    expect(source('file:///srv/en.1.json')).toBe(false);
  });
});
