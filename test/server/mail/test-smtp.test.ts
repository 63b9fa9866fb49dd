import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

// The tests' own SMTP server (test/server/helpers/smtp.ts) outlives the clients the mail tests kill.
describe('the test SMTP server', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('keeps serving after a client resets its connection mid-conversation (kill -9 of a sending server)', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // Twice: the first error alone would meet the listener that waited for the server to listen.
      for (const _ of [1, 2]) {
        const socket = net.connect(smtp.port, '127.0.0.1');
        const answer = () => new Promise((resolve) => socket.once('data', resolve));
        await answer();
        for (const command of ['EHLO test', 'MAIL FROM:<a@example.pl>', 'RCPT TO:<b@example.pl>', 'DATA']) {
          socket.write(`${command}\r\n`);
          await answer();
        }
        socket.write('Subject: x\r\n\r\nczęść treści');
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket.resetAndDestroy();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = net.connect(smtp.port, '127.0.0.1');
      const greeting = await new Promise<string>((resolve) =>
        again.once('data', (data) => resolve(String(data))),
      );
      again.destroy();
      expect(greeting).toMatch(/^220 /);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
