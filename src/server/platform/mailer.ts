import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post on the alerts' e-mails). */
  headers?: Record<string, string>;
  /**
   * A calendar invitation: nodemailer sends it twice, as the text/calendar alternative mail clients
   * offer to add ("method=REQUEST") and as an attached .ics file.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes DATA_DIR/outbox/<time>-<n>.eml. */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      // Owner-only: a message may carry a live reset code.
      mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(opts.outboxDir, `${Date.now()}-${process.pid}-${++counter}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to outbox (SMTP_URL not set)',
      );
    },
  };
}
