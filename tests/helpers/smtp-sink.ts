/**
 * A real SMTP server for tests (nodemailer's smtp-server on a free loopback port): the app sends to it
 * through its ordinary SMTP transport (SMTP_URL), and each message is parsed with mailparser, so tests
 * see exactly what a mail client would: recipient, subject, text, HTML and the link inside.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** A received mail. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) link of the text body. */
  link: string | null;
}

/** A running sink. */
export interface SmtpSink {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Mails to `to` so far. */
  to(to: string): ReceivedMail[];
  /**
   * Waits until `to` has received `count` mails (default 1) and returns the newest.
   * @throws Error after `timeoutMs` (default 5 s).
   */
  waitFor(to: string, count?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts a sink on a free port of 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              link: text.match(/https?:\/\/\S+/)?.[0] ?? null,
            });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const to = (address: string) => mails.filter((mail) => mail.to === address.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const received = to(address);
        if (received.length >= count) return received[received.length - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`${address} received ${to(address).length} mail(s), expected ${count}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
