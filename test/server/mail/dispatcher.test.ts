import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reissueLinks, reopenClaims } from '#server/claims/claims.ts';
import { tierById } from '#shared/campaign.ts';
import { DISPATCHER_DEFAULTS, MailDispatcher } from '#server/mail/dispatcher.ts';
import { smtpTransport, type MailTransport } from '#server/mail/transport.ts';
import type { WinnersFile } from '#server/winners/import-file.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, WINNER_CONTACT } from '../helpers/winners-fixture';

const PUBLIC_URL = 'https://loteria.example.pl';
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
// The link is issued on Tuesday 1 July 2025 at 10:00 Warsaw time (UTC+2).
const ISSUED_MS = Date.parse('2025-07-01T10:00:00+02:00');

/** A tier I draw prize and two tier VI instant prizes, one of them registered with a phone alone. */
const mailFile: WinnersFile = {
  instant: [
    {
      date: '2025-07-01',
      code: 'A1B2C3D4E5F',
      award: 'KASA_200',
      userPublish: 'Anna K., Kraków',
      ...WINNER_CONTACT,
    },
    {
      date: '2025-07-01',
      code: 'E1B2C3D4E5F',
      award: 'KASA_200',
      userPublish: 'Ewa P., Gdańsk',
      phone: '600100200',
    },
  ],
  draws: [
    {
      drawName: 'Draw1',
      price: 'AYGO',
      priceRank: 1,
      code: 'C0000000001',
      name: 'Jan K.',
      testimonialId: 'T1',
      email: 'laureat.auta@example.com',
    },
  ],
};

for (const target of storageTargets) {
  describe(`mail on ${target.name}`, () => {
    let smtp: TestSmtp;
    let t: TestApp;
    const now = { campaign: ISSUED_MS, real: ISSUED_MS };
    const clock = fakeClock({ campaign: () => now.campaign, real: () => now.real });
    let dispatcher: MailDispatcher;
    let transport: MailTransport;

    beforeAll(async () => {
      smtp = await startTestSmtp();
    });
    afterAll(async () => smtp.stop());
    beforeEach(async () => {
      now.campaign = ISSUED_MS;
      now.real = ISSUED_MS;
      smtp.reset();
      t = await openTestApp(target, {}, clock);
      transport = smtpTransport(smtp.url, undefined);
      dispatcher = new MailDispatcher(dispatcherOptions());
    });
    const dispatcherOptions = () => ({
      storage: t.storage,
      clock,
      keys: [t.statementsKey],
      transport: smtpTransport(smtp.url, undefined),
      from: 'Wakacyjna Loteria <loteria@example.pl>',
      publicUrl: PUBLIC_URL,
      log: { info() {}, warn() {}, error() {} },
      ...DISPATCHER_DEFAULTS,
    });
    afterEach(async () => {
      await dispatcher.stop();
      transport.close();
      await t.close();
    });

    const outbox = () =>
      t.storage.db.selectFrom('outbox').selectAll().orderBy('kind').orderBy('number').execute();

    it('sends each link mail once, to the winners file address, with the link and a fixed Message-ID', async () => {
      const { lines } = await importInto(t, mailFile, { clock });
      await importInto(t, mailFile, { clock }); // a repeated import queues nothing more
      expect(await dispatcher.sendDue()).toBe(2);
      expect(await dispatcher.sendDue()).toBe(0);
      const mails = smtp.received;
      expect(mails.map((mail) => mail.kind)).toEqual(['link', 'link']);
      const car = mails.find((mail) => mail.to === 'laureat.auta@example.com')!;
      const carLink = lines.find((line) => line.code === 'C0000000001')!.link;
      expect(car.parsed.text).toContain(`${PUBLIC_URL}${carLink}`);
      expect(carLink).toMatch(/\?hash=/);
      const cash = mails.find((mail) => mail.to === WINNER_CONTACT.email)!;
      expect(cash.parsed.text).toContain(`${PUBLIC_URL}/oswiadczenie-vi-stopnia`);
      expect(cash.parsed.text).not.toContain('hash=');
      const sent = (await outbox()).filter((row) => row.state === 'sent');
      expect(sent.map((row) => `<${row.id}@example.pl>`).sort()).toEqual(
        mails.map((mail) => mail.messageId).sort(),
      );
      // Sent: the address and the link are wiped.
      expect(sent.every((row) => row.sealed === null)).toBe(true);
      // The phone-only winner has no address: no mail for them, reminders neither.
      expect((await outbox()).filter((row) => row.state === 'queued').map((row) => row.kind)).toEqual([
        'reminder',
        'reminder',
        'reminder',
        'reminder',
      ]);
    });

    it('keeps nothing it queues readable in the database', async () => {
      const { lines } = await importInto(t, mailFile, { clock });
      const dump =
        JSON.stringify(await outbox()) +
        JSON.stringify(await t.storage.db.selectFrom('claims').selectAll().execute());
      expect(dump).not.toContain('laureat.auta@example.com');
      expect(dump).not.toContain(WINNER_CONTACT.email);
      for (const line of lines)
        if (line.link.includes('hash=')) expect(dump).not.toContain(line.link.split('hash=')[1]);
    });

    it('tries a message the server defers (451) again after about a minute, with the same Message-ID', async () => {
      await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
      smtp.answerNext({ code: 451, message: `4.3.0 Mailbox busy: ${WINNER_CONTACT.email}` });
      expect(await dispatcher.sendDue()).toBe(1);
      const [deferred] = (await outbox()).filter((row) => row.kind === 'link');
      expect(deferred).toMatchObject({ state: 'queued', attempts: 1 });
      expect(deferred!.last_error).toContain('451');
      expect(deferred!.last_error).not.toContain(WINNER_CONTACT.email);
      expect(Date.parse(deferred!.next_attempt_at!) - now.real).toBe(MINUTE_MS);
      now.real += 30_000;
      expect(await dispatcher.sendDue()).toBe(0);
      now.real += 31_000;
      expect(await dispatcher.sendDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.messageId).toBe(`<${deferred!.id}@example.pl>`);
    });

    it('stops at a refusal (550) and shows it until mail-retry queues it again', async () => {
      await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
      smtp.answerNext({ code: 550, message: `5.1.1 <${WINNER_CONTACT.email}>: no such user` });
      await dispatcher.sendDue();
      const [failed] = (await outbox()).filter((row) => row.kind === 'link');
      expect(failed).toMatchObject({ state: 'failed' });
      expect(failed!.last_error).toContain('550');
      expect(failed!.last_error).not.toContain(WINNER_CONTACT.email);
      now.real += 2 * DAY_MS;
      expect(await dispatcher.sendDue()).toBe(0);
    });

    it('keeps mail while the SMTP server is down and delivers it when it is back', async () => {
      await importInto(t, mailFile, { clock });
      await smtp.stop();
      try {
        await dispatcher.sendDue();
        expect((await outbox()).filter((row) => row.kind === 'link').map((row) => row.state)).toEqual([
          'queued',
          'queued',
        ]);
        // An hour of retries with the server down: each goes when its wait is over.
        for (let minutes = 0; minutes < 60; minutes += 5) {
          now.real += 5 * MINUTE_MS;
          await dispatcher.sendDue();
        }
        expect((await outbox()).filter((row) => row.state === 'failed')).toEqual([]);
      } finally {
        await smtp.restart();
      }
      now.real += HOUR_MS;
      expect(await dispatcher.sendDue()).toBe(2);
      expect(smtp.received.map((mail) => mail.kind)).toEqual(['link', 'link']);
    });

    it('marks a message failed after 30 hours of temporary failures', async () => {
      await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
      smtp.answerNext(...Array.from({ length: 60 }, () => ({ code: 421, message: '4.7.0 Try again later' })));
      for (let hours = 0; hours <= 31; hours += 1) {
        await dispatcher.sendDue();
        now.real += HOUR_MS;
      }
      const [link] = (await outbox()).filter((row) => row.kind === 'link');
      expect(link).toMatchObject({ state: 'failed' });
      expect(link!.attempts).toBeGreaterThan(20);
    });

    it('reminds on the fourth day and on the last day, between 8:00 and 20:00 Warsaw time', async () => {
      await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
      await dispatcher.sendDue();
      const at = (local: string) => Date.parse(`${local}+02:00`);
      const kindsSent = () => smtp.received.map((mail) => mail.kind);
      now.campaign = at('2025-07-04T07:59:00');
      await dispatcher.sendDue();
      expect(kindsSent()).toEqual(['link']);
      now.campaign = at('2025-07-04T08:00:00');
      await dispatcher.sendDue();
      expect(kindsSent()).toEqual(['link', 'reminder']);
      now.campaign = at('2025-07-06T21:00:00');
      await dispatcher.sendDue();
      now.campaign = at('2025-07-07T06:00:00');
      await dispatcher.sendDue();
      expect(kindsSent()).toEqual(['link', 'reminder']);
      now.campaign = at('2025-07-07T12:00:00');
      await dispatcher.sendDue();
      expect(kindsSent()).toEqual(['link', 'reminder', 'reminder']);
      expect(smtp.received[2]!.parsed.text).toContain('/oswiadczenie-vi-stopnia');
    });

    it('sends no reminder after the statement, and confirms the statement with its reference', async () => {
      await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
      await dispatcher.sendDue();
      const response = await postStatement(t, validStatement('VI', 'A1B2C3D4E5F'));
      expect(response.statusCode).toBe(201);
      const { reference } = response.json<{ reference: string }>();
      await dispatcher.sendDue();
      expect(smtp.received.map((mail) => mail.kind)).toEqual(['link', 'received']);
      const received = smtp.received[1]!;
      expect(received.to).toBe(WINNER_CONTACT.email);
      expect(received.parsed.text).toContain(reference);
      // The first reminder's time: dropped (and emptied), not sent; the last-day one waits for its own.
      now.campaign = Date.parse('2025-07-04T09:00:00+02:00');
      await dispatcher.sendDue();
      expect(smtp.received).toHaveLength(2);
      const reminders = () => outbox().then((rows) => rows.filter((row) => row.kind === 'reminder'));
      expect((await reminders()).map((row) => [row.state, row.sealed === null])).toEqual([
        ['cancelled', true],
        ['queued', false],
      ]);
      now.campaign = Date.parse('2025-07-07T09:00:00+02:00');
      await dispatcher.sendDue();
      expect(smtp.received).toHaveLength(2);
      expect((await reminders()).map((row) => row.state)).toEqual(['cancelled', 'cancelled']);
    });

    it('mails a reissued link, and the reminders still due carry it instead of the old one', async () => {
      const [old] = (await importInto(t, { instant: [], draws: [mailFile.draws[0]!] }, { clock })).lines;
      const [fresh] = await reissueLinks(t.storage, 'C0000000001', tierById('I')!, {
        statementsKey: t.statementsKey,
        clock,
      });
      await dispatcher.sendDue();
      // The first link mail was still queued: only the new link goes.
      expect(smtp.received.map((mail) => mail.kind)).toEqual(['link']);
      expect(smtp.received[0]!.parsed.text).toContain(`${PUBLIC_URL}${fresh!.link}`);
      expect(smtp.received[0]!.parsed.text).not.toContain(old!.link);
      now.campaign = Date.parse('2025-07-04T09:00:00+02:00');
      await dispatcher.sendDue();
      expect(smtp.received.map((mail) => mail.kind)).toEqual(['link', 'reminder']);
      expect(smtp.received[1]!.parsed.text).toContain(`${PUBLIC_URL}${fresh!.link}`);
    });

    it('confirms each statement of a claim, also after the operator rejected earlier ones (reopen-claim)', async () => {
      await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
      const answers = [];
      for (let statement = 0; statement < 3; statement += 1) {
        if (statement > 0)
          await reopenClaims(t.storage, 'A1B2C3D4E5F', tierById('VI')!, new Date(now.real).toISOString());
        answers.push(await postStatement(t, validStatement('VI', 'A1B2C3D4E5F')));
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      await dispatcher.sendDue();
      const confirmations = smtp.received.filter((mail) => mail.kind === 'received');
      const referenceIn = (text: string | undefined) => /[2-9A-Z]{4}-[2-9A-Z]{4}/.exec(text ?? '')?.[0];
      expect(confirmations.map((mail) => referenceIn(mail.parsed.text)).sort()).toEqual(
        answers.map((answer) => answer.json<{ reference: string }>().reference).sort(),
      );
    });

    it('confirms to the statement address when the winners file has none', async () => {
      await importInto(t, { instant: [mailFile.instant[1]!], draws: [] }, { clock });
      const statement = {
        ...validStatement('VI', 'E1B2C3D4E5F'),
        phoneNumber: '600100200',
        email: 'ewa@example.org',
      };
      expect((await postStatement(t, statement)).statusCode).toBe(201);
      await dispatcher.sendDue();
      expect(smtp.received.map((mail) => [mail.kind, mail.to])).toEqual([['received', 'ewa@example.org']]);
    });

    // docs/decisions/mail.md#transport: relays on the machine's own network address, which is not the machine
    // itself to SMTP_URL (only localhost and the loopback addresses are).
    describe('a relay on another host', () => {
      const address = Object.values(os.networkInterfaces())
        .flat()
        .find((candidate) => candidate?.family === 'IPv4' && !candidate.internal)?.address;
      let plain: TestSmtp;
      let heloOnly: TestSmtp;
      let secured: TestSmtp;
      let cert: string;

      beforeAll(async () => {
        if (!address) throw new Error('these tests need a network address other than loopback');
        // A certificate for that address, issued by nobody this process trusts.
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-relay-'));
        const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
        const openssl = spawnSync('openssl', [
          ...'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=relay'.split(
            ' ',
          ),
          ...['-addext', `subjectAltName=IP:${address}`, '-keyout', keyFile, '-out', certFile],
        ]);
        if (openssl.status !== 0) throw new Error(`openssl: ${String(openssl.stderr)}`);
        cert = fs.readFileSync(certFile, 'utf8');
        const key = fs.readFileSync(keyFile, 'utf8');
        fs.rmSync(dir, { recursive: true, force: true });
        [plain, heloOnly, secured] = await Promise.all([
          startTestSmtp({ host: '0.0.0.0' }),
          startTestSmtp({ host: '0.0.0.0', withoutEhlo: true }),
          startTestSmtp({ host: '0.0.0.0', starttls: { key, cert } }),
        ]);
      });
      afterAll(async () => Promise.all([plain, heloOnly, secured].map((relay) => relay?.stop())));
      beforeEach(() => [plain, heloOnly, secured].forEach((relay) => relay.reset()));

      /** One round through SMTP_URL, with the relay's password in it. */
      const sendThrough = async (smtpUrl: string) => {
        const through = smtpTransport(smtpUrl.replace('//', '//loteria:tajne@'), undefined);
        try {
          return await new MailDispatcher({ ...dispatcherOptions(), transport: through }).sendDue();
        } finally {
          through.close();
        }
      };
      const link = async () => (await outbox()).find((row) => row.kind === 'link')!;

      it('gets no password and no message without STARTTLS, and the message is tried again as usual', async () => {
        await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
        await sendThrough(`smtp://${address}:${plain.port}`);
        expect(await link()).toMatchObject({ state: 'queued', attempts: 1 });
        expect((await link()).last_error).toMatch(/^ETLS .*STARTTLS/);
        expect(Date.parse((await link()).next_attempt_at!) - now.real).toBe(MINUTE_MS);
        // A server that knows no EHLO cannot offer it either.
        now.real += MINUTE_MS;
        await sendThrough(`smtp://${address}:${heloOnly.port}`);
        expect(await link()).toMatchObject({ state: 'queued', attempts: 2 });
        expect([...plain.logins, ...plain.received, ...heloOnly.logins, ...heloOnly.received]).toEqual([]);
        // The same relay on the machine itself gets it, in clear.
        now.real += 2 * MINUTE_MS;
        expect(await sendThrough(`smtp://127.0.0.1:${plain.port}`)).toBe(1);
        expect(plain.logins).toEqual([{ user: 'loteria', secure: false }]);
        expect(plain.received.map((mail) => [mail.kind, mail.secure])).toEqual([['link', false]]);
      });

      it('sends after STARTTLS with a certificate it trusts, and gives one it does not trust nothing', async () => {
        await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
        await sendThrough(`smtp://${address}:${secured.port}`);
        expect(await link()).toMatchObject({ state: 'queued', attempts: 1 });
        expect((await link()).last_error).toMatch(/certificate/);
        expect([...secured.logins, ...secured.received]).toEqual([]);
        // Trusted as NODE_EXTRA_CA_CERTS would make it (docs/deploy.md).
        const trusted = tls.getCACertificates('default');
        tls.setDefaultCACertificates([...trusted, cert]);
        try {
          now.real += MINUTE_MS;
          expect(await sendThrough(`smtp://${address}:${secured.port}`)).toBe(1);
        } finally {
          tls.setDefaultCACertificates(trusted);
        }
        expect(secured.logins).toEqual([{ user: 'loteria', secure: true }]);
        expect(secured.received.map((mail) => [mail.kind, mail.secure])).toEqual([['link', true]]);
      });

      it('sends in clear where SMTP_URL says ?tls=off, and only then', async () => {
        await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
        await sendThrough(`smtp://${address}:${plain.port}`);
        expect([...plain.logins, ...plain.received]).toEqual([]);
        now.real += MINUTE_MS;
        expect(await sendThrough(`smtp://${address}:${plain.port}?tls=off`)).toBe(1);
        expect(plain.logins).toEqual([{ user: 'loteria', secure: false }]);
        expect(plain.received.map((mail) => [mail.kind, mail.secure])).toEqual([['link', false]]);
      });
    });

    it('runs by itself once started, and never makes a statement wait for SMTP', async () => {
      await importInto(t, { instant: [mailFile.instant[0]!], draws: [] }, { clock });
      dispatcher.start();
      await smtp.waitFor(1);
      // An SMTP server that takes connections and never answers: the statement is answered all the same.
      const silent = net.createServer(() => undefined);
      await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
      const hanging = new MailDispatcher({
        ...dispatcherOptions(),
        transport: smtpTransport(`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, undefined),
      });
      await dispatcher.stop();
      hanging.start();
      try {
        expect((await postStatement(t, validStatement('VI', 'A1B2C3D4E5F'))).statusCode).toBe(201);
        expect((await outbox()).find((row) => row.kind === 'received')).toMatchObject({ state: 'queued' });
      } finally {
        silent.close();
        await hanging.stop();
      }
    });
  });
}
