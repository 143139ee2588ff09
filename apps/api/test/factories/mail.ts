import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Mail as tests read it: the outbox rows and the .eml files the file transport writes. */

export function outboxRowsTo(app: FastifyInstance, recipient: string) {
  return app.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
}

/** The password-reset link of a mail text: `${PUBLIC_URL}/auth/reset/<token>?email=<email>`. */
export function resetLinkIn(text: string): { url: URL; token: string; email: string } {
  const match = /(https?:\/\/\S+\/auth\/reset\/[A-Za-z0-9_-]+\?email=\S+)/.exec(text);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  const url = new URL(match[1]);
  return {
    url,
    token: decodeURIComponent(url.pathname.split('/').at(-1) as string),
    email: url.searchParams.get('email') as string,
  };
}

/** Undoes quoted-printable soft line breaks and escapes (how nodemailer writes long lines). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The .eml files of `DATA_DIR/outbox`, in name (= time) order, with their decoded contents. */
export async function emlFiles(dataDir: string): Promise<Array<{ name: string; content: string }>> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => ({ name, content: decodeQuotedPrintable(await readFile(path.join(dir, name), 'utf8')) })),
  );
}
