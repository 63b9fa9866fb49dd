// The baseline: a bare node:http server answering each path of the fixture (GET /api/publish-winners,
// GET /) with the same precompressed bytes and headers as ours, and the same 304 (headers included) for a
// matching If-None-Match when the answer has an ETag. Started by bench.ts.
import http from 'node:http';
import fs from 'node:fs';

const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[process.argv.length - 1], 'utf8'))).map(
    ([pathname, answer]) => [pathname, { ...answer, bytes: Buffer.from(answer.body, 'base64') }],
  ),
);
const server = http.createServer((request, response) => {
  const answer = answers.get(request.url.split('?')[0]);
  if (!answer) {
    response.writeHead(404);
    response.end();
    return;
  }
  if (answer.etag && request.headers['if-none-match'] === answer.etag) {
    response.writeHead(304, answer.notModifiedHeaders);
    response.end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.bytes);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
