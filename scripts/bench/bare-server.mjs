// The baseline: a bare node:http server answering with the same precompressed bytes and headers as
// GET /api/publish-winners, and the same 304 (headers included) for a matching If-None-Match.
// Started by bench.ts.
import http from 'node:http';
import fs from 'node:fs';

const { headers, notModifiedHeaders, body, etag } = JSON.parse(
  fs.readFileSync(process.argv[process.argv.length - 1], 'utf8'),
);
const bytes = Buffer.from(body, 'base64');
const server = http.createServer((request, response) => {
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, notModifiedHeaders);
    response.end();
    return;
  }
  response.writeHead(200, headers);
  response.end(bytes);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
