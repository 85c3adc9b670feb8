/**
 * Reads the dev outbox (DATA_DIR/outbox/*.eml, written when SMTP_URL is unset) to find the 6-digit
 * code mailed to an address: the newest matching mail written after `sinceMs`.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The code in the newest mail to `to` since `sinceMs`; polls until `timeoutMs`. */
export async function mailedCode(
  dataDir: string,
  to: string,
  sinceMs: number,
  timeoutMs = 15_000,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      names
        .filter((n) => n.endsWith('.eml'))
        .map(async (n) => ({ file: path.join(dir, n), mtime: (await stat(path.join(dir, n))).mtimeMs })),
    );
    for (const m of mails.filter((x) => x.mtime >= sinceMs - 1000).sort((a, b) => b.mtime - a.mtime)) {
      const raw = await readFile(m.file, 'utf8');
      if (!new RegExp(`^to:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw)) continue;
      const code = /\b(\d{6})\b/.exec(decodeBody(raw))?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with a code to ${to} in ${dir}`);
}

/** RFC 2047 encoded words of a header value, decoded (UTF-8, B or Q). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

export type OutboxMail = { file: string; to: string; subject: string; messageId: string; text: string };

/** Every mail of the outbox to `to` (any case), oldest first, with decoded subject and text. */
export async function mailsTo(dataDir: string, to: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const raw = await readFile(path.join(dir, name), 'utf8');
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const header = (h: string) => head.match(new RegExp(`^${h}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
    if (header('To').toLowerCase() !== to.toLowerCase()) continue;
    mails.push({
      file: name,
      to: header('To'),
      subject: decodeHeader(header('Subject')),
      messageId: header('Message-ID'),
      text: decodeBody(raw),
    });
  }
  return mails;
}
