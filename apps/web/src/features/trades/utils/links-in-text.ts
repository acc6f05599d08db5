/** A piece of free text: words, or a web address in it. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; url: string };

// http(s) only: anything else in a trader's text stays words. Closing punctuation after an address is
// the sentence's, not the address's ("see https://example.com/terms.").
const ADDRESS = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

const isAddress = (url: string): boolean => {
  try {
    return Boolean(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** Splits a trader's text (offer terms, payment details) into words and the web addresses in it. */
export function linksInText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (!isAddress(url)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
