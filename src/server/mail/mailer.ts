/**
 * Outgoing mail through nodemailer: to SMTP_URL when set; otherwise (development, self-hosting
 * without a mail server) each message is written to DATA_DIR/outbox/*.eml and announced in the log
 * with its subject and, on a line of its own, the link the app generated for it (never one read back
 * out of the body, which may carry user-supplied text), so a newcomer can confirm an account without
 * a mail server. The recipient is masked in the log and the body is never logged (STYLE.md habit 7).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A message to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link the app generated for this mail (verification, reset…); the only link ever logged. */
  link?: string;
  /** Extra headers (List-Unsubscribe on reminders). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends a message; rejects when the transport fails. */
  send(mail: Mail): Promise<void>;
  /** 'smtp' or 'outbox'. */
  readonly mode: 'smtp' | 'outbox';
}

/**
 * Creates the mailer.
 * @param options smtpUrl (nodemailer SMTP URL) or, without it, dataDir for the outbox; from; logger.
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string; logger: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    // Timeouts well under a notification's lease (notifications/delivery-record.ts): nodemailer's own
    // defaults wait 2 minutes to connect and 10 for a silent socket.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        // No address, masked or not: logs carry no personal data beyond user ids.
        options.logger.info({ subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = resolve(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      mkdirSync(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      // The link carries a token (confirmation, password reset): printed for trying things out, never
      // in production logs (NODE_ENV=production), where the .eml file in the outbox holds it.
      const link = process.env.NODE_ENV === 'production' ? undefined : mail.link;
      options.logger.info(
        { subject: mail.subject, file, ...(link ? { link } : {}) },
        `mail written to outbox (no SMTP_URL set): "${mail.subject}"${link ? ` — open this link:\n\n    ${link}\n` : ''}`,
      );
    },
  };
}
