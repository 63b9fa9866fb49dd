import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('the site icon', () => {
  it("is served as public/favicon.svg and the panel's tab shows it, the same drawing as the site's pages", () => {
    expect(read('src/panel/index.html')).toMatch(
      /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml" \/>/,
    );
    const file = read('public/favicon.svg').trim();
    expect(file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The participant's pages carry it in the page (docs/performance.md): nothing fetched before the paint.
    const inPage = /rel="icon"\s+href="data:image\/svg\+xml,([^"]*)"/.exec(read('index.html'))![1]!;
    expect(decodeURIComponent(inPage).replaceAll("'", '"')).toBe(file);
  });
});
