/**
 * A real SMTP server in the test process (smtp-server on 127.0.0.1, a free port, no TLS, no auth) and
 * a small reader for the single-part text mails the portal sends (base64 body, RFC 2047 subject).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

export type TestSmtp = {
  /** SMTP_URL for the app. */
  url: string;
  received: ReceivedMail[];
  /** Waits (up to `timeoutMs`) for a mail to `to` beyond the first `after` such mails. */
  waitFor(to: string, after?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, after = 0, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = received.filter((m) => m.to.includes(to.toLowerCase()));
        const next = mine[after];
        if (next) return next;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ParsedMail = { from: string; to: string; subject: string; text: string };

/** Parses a single-part mail: headers (unfolded, RFC 2047 decoded) and the base64 or plain body. */
export function parseMail(raw: string): ParsedMail {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, sep).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(sep).trim();
  const header = (name: string) =>
    decodeWords(head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '');
  const cte = header('Content-Transfer-Encoding').toLowerCase();
  const text = cte === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  return { from: header('From'), to: header('To'), subject: header('Subject'), text };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: ParsedMail): string {
  const m = mail.text.match(/\b(\d{6})\b/);
  if (!m?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return m[1];
}

/** The .eml files of an outbox directory, oldest first, with their content. */
export async function outboxMails(dir: string): Promise<{ file: string; raw: string }[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => ({ file: f, raw: await readFile(path.join(dir, f), 'utf8') })));
}
