// GitLab references in a request (DYN-5): `!23`, `#42`, `%3`, `@alice`, `$7`, `&5`, `group/project`, a
// commit SHA or a pasted web address. They name what the user is looking at: their words steer the
// ranking but never exclude an action. The words for a web page's route come from the lexicon.
import type { CompiledLexicon } from "./analyze.js";

/** Each kind of reference, by its syntax; the lexicon's `references` gives the words for each kind. */
const REFERENCES: [RegExp, string | null][] = [
  [/https?:\/\/\S+/g, null],
  [/(?<![\w/])![0-9]+\b/g, "merge_request"],
  [/(?<![\w/&])#[0-9]+\b/g, "issue"],
  [/(?<![\w/])%(?:[0-9]+\b|"[^"]*")/g, "milestone"],
  [/(?<![\w/])@[a-z0-9_][a-z0-9_.-]*/g, "user"],
  [/(?<![\w/])\$[0-9]+\b/g, "snippet"],
  [/(?<![\w/])&[0-9]+\b/g, "epic"],
  [/(?<![\w/])[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)+(?![\w/])/g, "path"],
  [/\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g, "sha"],
];

function webPageWords(url: string, lex: CompiledLexicon): string[] {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return [];
  }
  const cut = path.indexOf("/-/");
  // A bare project or group address asks for the project or group itself.
  if (cut < 0) return [...lex.references[path.startsWith("/groups/") ? "group_page" : "project_page"]];
  const [page, id, sub] = path.slice(cut + 3).split("/");
  const words = [...(lex.routes[page] ?? [])];
  if (sub && lex.subroutes[sub]) words.push(...lex.subroutes[sub]);
  // A page of one object (/jobs/8001) asks to get it.
  else if (id && /^[0-9a-f]+$/.test(id)) words.push(...lex.references.object_page);
  return words;
}

/** The request without its references, and the words they stand for. */
export function references(query: string, lex: CompiledLexicon): { text: string; hints: string[] } {
  const hints: string[] = [];
  let text = query;
  for (const [re, kind] of REFERENCES) {
    text = text.replace(re, (m) => {
      hints.push(...(kind === null ? webPageWords(m, lex) : lex.references[kind]));
      return " ";
    });
  }
  return { text, hints: [...new Set(hints)] };
}
