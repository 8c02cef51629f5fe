/**
 * Email scrubbing in log text (scrub.ts) and the logger's error serializer that uses it: addresses go,
 * stack frames, paths and URLs stay as they were (PGlite's frames came out as `file:<email>:1:18272`).
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { serializeError } from '../logger';
import { migratedTemplate } from '../../../tests/helpers/app';
import { scrubEmails } from './scrub';

/** Text that holds no address: each must come back unchanged. */
const untouched = [
  '    at pe.Oe (file:///work/main/node_modules/@electric-sql/pglite/dist/chunk-Y6PULSM7.js:1:18272)',
  '    at file:///work/main/node_modules/@electric-sql/pglite/dist/chunk-XZUEO4BZ.js:5:1151',
  '    at wasm://wasm/022a9842:wasm-function[10951]:0x52a924',
  '    at async file:///app/node_modules/.pnpm/@electric-sql+pglite@0.3.2/node_modules/@electric-sql/pglite/dist/index.js:3:1234',
  '    at Object.<anonymous> (/srv/app/node_modules/.pnpm/better-auth@1.7.25_zod@4.6.7/node_modules/better-auth/dist/x@y.mjs:10:5)',
  '    at C:\\Users\\ana\\app\\node_modules\\pkg\\dist\\x@y.js:1:2',
  '    at x@y.js:1:18272',
  'https://cdn.jsdelivr.net/npm/pkg@1.2.3/dist/x@y.min.js',
  'https://user:secret@db.example.com:5432/palpite',
  'postgres://postgres@127.0.0.1:5432/test',
  'git@github.com:owner/repo.git',
  'installed react@19.1.0 and @fastify/static@8.2.0',
  'src/web/assets/logo@2x.png',
];

/** Text with addresses, and what it becomes. */
const scrubbed: [string, string][] = [
  ['User victim.person@example.com not found', 'User <email> not found'],
  ['{"email":"ana.silva+palpite@mail.example.com.br"}', '{"email":"<email>"}'],
  ['Ana <ana@example.org>, (bob@example.org); carla@example.org', 'Ana <<email>>, (<email>); <email>'],
  ['mailto:ana@example.org', 'mailto:<email>'],
  ['write to ana@example.org. Or to bob@example.org: soon', 'write to <email>. Or to <email>: soon'],
  ["o'brien@example.ie and 'quoted@example.ie'", "<email> and '<email>'"],
  ['joão.pereira@exemplo.com.br', '<email>'],
  ['https://palpite.test/verify?email=ana@example.org&x=1', 'https://palpite.test/verify?email=<email>&x=1'],
  ['MAIL FROM:<x_y-z@sub-domain.example.co.uk>', 'MAIL FROM:<<email>>'],
];

describe('scrubEmails', () => {
  it.each(untouched)('leaves %s as it is', (text) => {
    expect(scrubEmails(text)).toBe(text);
  });

  it.each(scrubbed)('scrubs %s', (text, expected) => {
    expect(scrubEmails(text)).toBe(expected);
  });

  it('scrubs the addresses of a stack and keeps its frames', () => {
    const stack = [
      'Error: duplicate key for ana.silva@example.com',
      ...untouched.slice(0, 5),
    ].join('\n');
    expect(scrubEmails(stack)).toBe(['Error: duplicate key for <email>', ...untouched.slice(0, 5)].join('\n'));
  });

  it('takes linear time on a long line without an address', () => {
    // The former pattern took ~2.5 s on this (quadratic: 241 s at ten times the length).
    const text = `${'a/'.repeat(10_000)}@${'b'.repeat(20_000)}`;
    const started = performance.now();
    expect(scrubEmails(text)).toBe(text);
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe('serializeError (the logger, scrubEmails its caller)', () => {
  it("keeps a real PGlite error's stack frames and scrubs the address in its message and stack", async () => {
    const database = await openDatabase({ memory: true, template: await migratedTemplate() });
    let caught: unknown;
    try {
      await database.db.execute("select 'victim.person@example.com'::int");
    } catch (error) {
      caught = error;
    } finally {
      await database.close();
    }
    const serialized = serializeError(caught);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('victim.person@');
    expect(text).not.toMatch(/file:<email>/);
    const cause = serialized.cause as { message: string; stack: string };
    expect(cause.message).toContain('<email>');
    expect(cause.stack).toMatch(/at .*\(file:\/\/\/.*\/node_modules\/@electric-sql\/pglite\/dist\/[\w-]+\.js:\d+:\d+\)/);
  });
});
