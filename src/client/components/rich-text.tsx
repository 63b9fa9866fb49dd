import type { ReactNode } from 'react';

export interface TextLink {
  value: string;
  href: string;
}

interface Mark {
  at: number;
  length: number;
  render: (text: string, key: number) => ReactNode;
}

const isExternal = (href: string) => /^https?:/.test(href);

/**
 * A content text with highlights: each `links[].value` becomes a link and each `bolded` phrase becomes
 * <strong>, wherever they occur in the text (content editors write plain strings, never markup).
 */
export function RichText({
  text,
  links = [],
  bolded = [],
}: {
  text: string;
  links?: TextLink[];
  bolded?: string[];
}) {
  const marks: Mark[] = [];
  const taken = (at: number, length: number) =>
    marks.some((mark) => at < mark.at + mark.length && mark.at < at + length);
  const add = (phrase: string, render: Mark['render']) => {
    if (!phrase) return;
    let from = 0;
    for (;;) {
      const at = text.indexOf(phrase, from);
      if (at < 0) return;
      if (!taken(at, phrase.length)) marks.push({ at, length: phrase.length, render });
      from = at + phrase.length;
    }
  };
  for (const link of links) {
    add(link.value, (value, key) =>
      isExternal(link.href) ? (
        <a key={key} href={link.href} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      ) : (
        <a key={key} href={link.href}>
          {value}
        </a>
      ),
    );
  }
  for (const phrase of bolded) add(phrase, (value, key) => <strong key={key}>{value}</strong>);
  marks.sort((a, b) => a.at - b.at);

  const parts: ReactNode[] = [];
  let cursor = 0;
  marks.forEach((mark, index) => {
    if (mark.at > cursor) parts.push(text.slice(cursor, mark.at));
    parts.push(mark.render(text.slice(mark.at, mark.at + mark.length), index));
    cursor = mark.at + mark.length;
  });
  if (cursor < text.length) parts.push(text.slice(cursor));
  return <>{parts}</>;
}
