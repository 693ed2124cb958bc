// Markdown escaping for everything GitLab users wrote (SAF-49). Only the writer calls these; formatters
// never build Markdown by hand. The rules: a value can never open a link, a table cell, a heading, a
// code span, emphasis or an HTML tag, and can never span lines. The writer never starts a line with a
// value, so line-start syntax (headings, lists, quotes) needs no escape here.

/** Escapes inline text: backslash-escapes Markdown punctuation and folds line breaks into spaces. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?|\n/g, " ")
    .replace(/[\\`*[\]<>|]/g, (c) => `\\${c}`)
    .replace(/(^|[^A-Za-z0-9])_|_(?=$|[^A-Za-z0-9])/g, (m) => m.replace("_", "\\_"));
}

/** True for destinations that may be linked: http and https only (FMT-6). */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url);
}

/** Encodes a link destination so it cannot close the link or break the line. */
export function escapeUrl(url: string): string {
  return url.replace(/[\s()<>\\`|]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"));
}

/** An inline code span whose fence is longer than any backtick run inside. */
export function code(value: string): string {
  const text = value.replace(/\r\n?|\n/g, " ");
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A link with both halves escaped, or the text as code when the destination is not http(s). */
export function link(text: string, url: string): string {
  if (!isWebUrl(url)) return text === url ? code(url) : `${escapeText(text)} (${code(url)})`;
  return `[${escapeText(text)}](${escapeUrl(url)})`;
}
