// The winners lists asked in turn at a steady rate whatever the answers (open load), for mail-drain.ts. Not
// autocannon: its overallRate sends each second's requests at once, then waits. A process of its own: in
// the bench's, its SMTP server and its garbage collector (pauses of 10–14 ms at this rate) delayed requests
// and answers, and decided the idle p99. Arguments: the server's URL, requests per second, the most seconds;
// a line "stop" on standard input ends it sooner. Prints one line of JSON: each answer's status and
// milliseconds, counted from when it was due to be asked.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';

const [url, rate, seconds] = process.argv.slice(2);
const perSecond = Number(rate);
const LISTS = ['/api/publish-winners', '/api/WinnersList'];
// Keep-alive connections as a browser reuses them; at this rate a few are busy at a time.
const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });

let stopped = false;
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'stop') stopped = true;
});

const get = (pathname, dueAt) =>
  new Promise((resolve) => {
    const request = http.get(
      new URL(pathname, url),
      { agent, headers: { 'accept-encoding': 'br, gzip' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve([response.statusCode, performance.now() - dueAt]));
      },
    );
    request.on('error', () => resolve([0, performance.now() - dueAt]));
  });

const answers = [];
const started = performance.now();
const until = started + Number(seconds) * 1000;
while (!stopped && performance.now() < until) {
  // Every millisecond or so, what is due by now is asked (timers are not finer than that).
  const due = Math.floor(((performance.now() - started) * perSecond) / 1000) + 1;
  while (answers.length < due) {
    const dueAt = started + (answers.length * 1000) / perSecond;
    answers.push(get(LISTS[answers.length % LISTS.length], dueAt));
  }
  await sleep(1);
}
const results = await Promise.all(answers);
agent.destroy();
process.stdout.write(
  `${JSON.stringify({
    statuses: results.map(([status]) => status),
    ms: results.map(([, ms]) => Math.round(ms * 100) / 100),
  })}\n`,
  () => process.exit(0),
);
