import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';

// The development mailbox (DATA_DIR/mail, docs/api.md#e-mail) as the end-to-end tests read it: one parsed
// message a file, and a wait for the message of a kind to an address.

export interface Mail {
  file: string;
  raw: string;
  kind: string | undefined;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Every message in the mailbox, oldest first. */
export async function readMailbox(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const parsed = await simpleParser(raw);
      const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((one) => one.address ?? ''));
      return {
        file,
        raw,
        kind: parsed.headers.get('x-loteria-kind') as string | undefined,
        to,
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html || '',
      };
    }),
  );
}

/** Waits until the mailbox holds a message of this kind to this address (to anyone: `undefined`). */
export async function mailTo(dataDir: string, kind: string, address: string | undefined): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMailbox(dataDir)).find(
          (mail) => mail.kind === kind && (address === undefined || mail.to.includes(address)),
        );
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** A text as one line: the plain-text part is wrapped at 78 characters. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ');
