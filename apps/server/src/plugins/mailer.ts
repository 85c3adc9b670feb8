/**
 * Outgoing mail (api-contract §9 SMTP_URL, MAIL_FROM). With SMTP_URL, mail goes over SMTP through
 * nodemailer. Without it, each mail is rendered to its raw RFC 822 form and written to
 * DATA_DIR/outbox/<time>-<id>.eml, and the log says where (so someone trying the portal locally can
 * read the code); the log line itself never holds the mail's content. A mail with a fixed Message-ID
 * is written once: `<id>` is then a hash of the Message-ID, and a second mail with it (a job run
 * again after a crash) is dropped, as a receiver recognising the Message-ID would.
 *
 * `queue` does not wait for delivery: callers answer the same, and as fast, whether or not a mail was
 * sent (an unknown address must not be told apart by timing). Failures are logged. `flush` waits for
 * every queued mail (used at close and by tests).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** Files attached (scheduled reports, modules/report-schedules). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
  /** A fixed Message-ID, so a mail sent again after a crash can be recognised as the same. */
  messageId?: string;
};

export type Mailer = {
  /** 'smtp' with SMTP_URL, else 'outbox'. */
  kind: 'smtp' | 'outbox';
  /** Starts delivering `mail` in the background; never throws. */
  queue(mail: Mail): void;
  /** Delivers `mail` and resolves once it was handed over (SMTP) or written; rejects on failure. */
  send(mail: Mail): Promise<void>;
  /** Resolves when every queued mail was delivered or failed. */
  flush(): Promise<void>;
  close(): Promise<void>;
};

/** Directory of the dev outbox. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Builds the mailer for `config`; `log` hears deliveries and failures. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
): Mailer {
  const smtp = Boolean(config.smtpUrl);
  const transport: Transporter = smtp
    ? nodemailer.createTransport(config.smtpUrl as string)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  const deliver = async (mail: Mail) => {
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      textEncoding: 'base64',
      attachments: mail.attachments,
      headers: mail.headers,
      messageId: mail.messageId,
    });
    if (smtp) {
      log.info({ messageId: info.messageId }, 'mail sent over SMTP');
      return;
    }
    const dir = outboxDir(config.dataDir);
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replaceAll(':', '-');
    const id = mail.messageId
      ? createHash('sha256').update(mail.messageId).digest('hex').slice(0, 16)
      : randomBytes(4).toString('hex');
    if (mail.messageId && (await readdir(dir)).some((f) => f.endsWith(`-${id}.eml`))) {
      log.info({ messageId: mail.messageId }, 'mail already in the outbox: not written again');
      return;
    }
    const file = path.join(dir, `${stamp}-${id}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    log.info({ file }, 'SMTP_URL is not set: mail written to the outbox');
  };

  return {
    kind: smtp ? 'smtp' : 'outbox',
    send: deliver,
    queue(mail) {
      const p = deliver(mail)
        .catch((err: unknown) => log.error({ err }, 'mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      transport.close();
    },
  };
}
