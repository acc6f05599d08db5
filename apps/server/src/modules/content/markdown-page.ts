/** `{{name}}` placeholders; unknown names stay as written, so an operator's typo shows on the page. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

/**
 * Splits a page into its title (the first line when it is a `# heading`) and the body. Without a
 * heading the whole text is the body and the caller's fallback title is used.
 */
export function splitTitle(text: string, fallbackTitle: string): { title: string; markdown: string } {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^\s*# +(.+?)\s*#*\s*(?:\n|$)/.exec(normalized);
  if (!match?.[1]) return { title: fallbackTitle, markdown: normalized.trim() };
  return { title: match[1], markdown: normalized.slice(match[0].length).trim() };
}
