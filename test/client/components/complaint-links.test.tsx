import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from '#client/components/footer.tsx';
import { faq, texts } from '#shared/content/texts.ts';
import type { FaqItemContent } from '#shared/content-schemas/pages.ts';
import { COMPLAINT_PAGE_PATH } from '#shared/complaint/complaint-path.ts';

// docs/api.md "Complaints": the footer and the FAQ's complaint answer lead to the form at /reklamacja.
describe('links to the complaint form', () => {
  afterEach(cleanup);

  it('the footer links to it, on the site (no new tab)', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: texts.footer.complaints });
    expect(link.getAttribute('href')).toBe(COMPLAINT_PAGE_PATH);
    expect(link.getAttribute('target')).toBeNull();
  });

  it("the FAQ's answer on how to file a complaint links to it", () => {
    const group = faq.groups.find((candidate) => candidate.id === 'reklamacje')!;
    const answer = group.items.find((item) => item.id === 'jak-zlozyc')! as FaqItemContent;
    const link = answer.links?.find((candidate) => candidate.href === COMPLAINT_PAGE_PATH);
    expect(link).toBeDefined();
    expect(answer.content).toContain(link!.value);
  });
});
