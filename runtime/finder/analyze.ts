// Turns text into index terms, the same way for an action at build time and for a request at find time
// (issue 24): GitLab's vocabulary in every language of the lexicon (catalog/lexicon/, compiled by codegen)
// becomes one term per concept, Snowball stemming per language (@orama/stemmers) for inflected forms, and
// Intl.Segmenter for scripts written without spaces. This file holds no words of any language.

/** What a verb asks for: read (list, get), write, or destructive. */
export type Intent = "read" | "write" | "destructive";

/** The lexicon as codegen compiles it from catalog/lexicon/*.yaml. */
export interface CompiledLexicon {
  /** Language → its terms, as their stemmed words joined by spaces → the concepts they name. */
  readonly spaced: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** Terms in a script written without spaces (ja, zh, ko) → the concepts they name. */
  readonly scripts: Readonly<Record<string, readonly string[]>>;
  readonly maxWords: number;
  readonly maxChars: number;
  /** Words of no catalog meaning, accent-folded. */
  readonly stop: readonly string[];
  /** Words that make a request a question. */
  readonly question: readonly string[];
  /** A verb concept → what it asks for. */
  readonly intents: Readonly<Record<string, Intent>>;
  /** A web page's route → words for it; a page's third part → more words. */
  readonly routes: Readonly<Record<string, readonly string[]>>;
  readonly subroutes: Readonly<Record<string, readonly string[]>>;
  /** A kind of GitLab reference (`merge_request` for !123, `sha`, `project_page`...) → words for it. */
  readonly references: Readonly<Record<string, readonly string[]>>;
  /** The verbs a request naming none asks for, and those a plural asks for. */
  readonly implied: { readonly none: readonly string[]; readonly plural: readonly string[] };
}

/** A Snowball stemmer per language of the lexicon written with spaces. */
export type Stemmers = Readonly<Record<string, (word: string) => string>>;

/** Loads the Snowball stemmer of each language written with spaces (dynamic imports: nothing before the first find). */
export async function loadStemmers(): Promise<Stemmers> {
  const [en, es, de, fr, pt, it, ru, nl] = await Promise.all([
    import("@orama/stemmers/english"),
    import("@orama/stemmers/spanish"),
    import("@orama/stemmers/german"),
    import("@orama/stemmers/french"),
    import("@orama/stemmers/portuguese"),
    import("@orama/stemmers/italian"),
    import("@orama/stemmers/russian"),
    import("@orama/stemmers/dutch"),
  ]);
  return { en: en.stemmer, es: es.stemmer, de: de.stemmer, fr: fr.stemmer, pt: pt.stemmer, it: it.stemmer, ru: ru.stemmer, nl: nl.stemmer };
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
export const hasScript = (s: string) => CJK.test(s);

/** Lower case, compatibility forms unified (full-width letters), accents of Latin letters dropped. */
export function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC");
}

/** Words of spaced text: letters and digits; French elisions (l', d') dropped. */
export function words(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}'’]+/u)
    .map((w) => w.replace(/^(?:l|d|j|s|qu|c|n|m|t)['’]/, "").replace(/['’]/g, ""))
    .filter((w) => w.length > 0 && !hasScript(w));
}

/** The result of analyzing a text. */
export interface Analysis {
  /** Concept keys and stemmed words, in order. */
  readonly terms: string[];
  /** The concept keys among terms. */
  readonly concepts: Set<string>;
  /** Words no concept knows, stemmed in English: typos, values, rare words. */
  readonly loose: Set<string>;
  /** A question word was found. */
  readonly question: boolean;
  /** An English plural named a concept ("branches"): a list is asked for. */
  readonly plural: boolean;
}

/** Reused segmenters per script. */
const segmenters = new Map<string, Intl.Segmenter>();
function segmentStarts(text: string): { starts: Set<number>; ends: Set<number> } {
  const locale = /\p{Script=Hangul}/u.test(text) ? "ko" : /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? "ja" : "zh";
  let seg = segmenters.get(locale);
  if (!seg) segmenters.set(locale, (seg = new Intl.Segmenter(locale, { granularity: "word" })));
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (const s of seg.segment(text)) {
    starts.add(s.index);
    ends.add(s.index + s.segment.length);
  }
  return { starts, ends };
}

/** An analyzer over a lexicon and stemmers. `languages` limits the spaced languages tried (an action's text is English). */
export function analyzer(lex: CompiledLexicon, stemmers: Stemmers) {
  const stop = new Set(lex.stop);
  const question = new Set(lex.question);
  const order = ["en", ...Object.keys(lex.spaced).filter((l) => l !== "en")];
  const memo = new Map<string, string>();
  const stem = (lang: string, w: string) => {
    const key = `${lang}:${w}`;
    let s = memo.get(key);
    if (s === undefined) {
      s = stemmers[lang] ? stemmers[lang](w) : w;
      if (memo.size > 50_000) memo.clear();
      memo.set(key, s);
    }
    return s;
  };
  return function analyze(text: string, opts: { languages?: readonly string[]; keepWords?: boolean } = {}): Analysis {
    const langs = opts.languages ?? order;
    const terms: string[] = [];
    const concepts = new Set<string>();
    const loose = new Set<string>();
    let isQuestion = false;
    let plural = false;
    let t = normalize(text).replace(/_/g, " ");
    const emit = (cs: readonly string[]) => {
      for (const c of cs) {
        terms.push(c);
        concepts.add(c);
      }
    };
    // Scripts without spaces: the longest term starting at a word boundary, replaced by a space.
    if (hasScript(t)) {
      const { starts, ends } = segmentStarts(t);
      let out = "";
      for (let i = 0; i < t.length; ) {
        let hit = 0;
        if (starts.has(i) || !CJK.test(t[i])) {
          for (let n = Math.min(lex.maxChars, t.length - i); n >= 1; n--) {
            const piece = t.slice(i, i + n);
            if ((n > 1 || ends.has(i + n)) && lex.scripts[piece]) {
              emit(lex.scripts[piece]);
              hit = n;
              break;
            }
            if (question.has(piece)) isQuestion = true;
          }
        }
        out += hit > 0 ? " " : t[i];
        i += Math.max(1, hit);
      }
      t = out;
    }
    const ws = words(t);
    if (ws.length > 0 && question.has(ws[0])) isQuestion = true;
    for (let i = 0; i < ws.length; ) {
      let hit = 0;
      for (let n = Math.min(lex.maxWords, ws.length - i); n >= 1 && hit === 0; n--) {
        const span = ws.slice(i, i + n);
        for (const lang of langs) {
          const map = lex.spaced[lang];
          const key = span.map((w) => stem(lang, w)).join(" ");
          // A stem of another language than English must be long enough not to be a chance collision.
          const found = map?.[key];
          if (found && (lang === "en" || span.join(" ").length >= 4)) {
            emit(found);
            const last = span[n - 1];
            if (lang === "en" && last.endsWith("s") && stem("en", last) !== last) plural = true;
            if (opts.keepWords) for (const w of span) if (!stop.has(w)) terms.push(stem("en", w));
            hit = n;
            break;
          }
        }
      }
      if (hit === 0) {
        const w = ws[i];
        if (!stop.has(w) && !/^\d+$/.test(w)) {
          const s = stem("en", w);
          terms.push(s);
          loose.add(s);
        }
        hit = 1;
      }
      i += hit;
    }
    return { terms, concepts, loose, question: isQuestion, plural };
  };
}

export type Analyze = ReturnType<typeof analyzer>;

/** Compiles the lexicon's files (already validated) into lookup tables. */
export function compileLexicon(
  files: {
    concepts: Record<string, Record<string, string[]>>;
    verbs: Record<string, { intent: Intent } & Record<string, string[] | Intent>>;
    stop: Record<string, string[]>;
    question: Record<string, string[]>;
    routes: Record<string, string[]>;
    subroutes: Record<string, string[]>;
    references: Record<string, string[]>;
    implied: { none: string[]; plural: string[] };
  },
  stemmers: Stemmers,
): CompiledLexicon {
  const spaced: Record<string, Record<string, string[]>> = {};
  const scripts: Record<string, string[]> = {};
  let maxWords = 1;
  let maxChars = 1;
  const add = (map: Record<string, string[]>, key: string, concept: string) => {
    const list = (map[key] ??= []);
    if (!list.includes(concept)) list.push(concept);
  };
  const intents: Record<string, Intent> = {};
  const entries: [string, Record<string, unknown>][] = [...Object.entries(files.concepts), ...Object.entries(files.verbs)];
  for (const [verb, v] of Object.entries(files.verbs)) intents[verb] = v.intent;
  for (const [concept, byLang] of entries) {
    for (const [lang, terms] of Object.entries(byLang)) {
      if (!Array.isArray(terms)) continue;
      for (const term of terms as string[]) {
        const n = normalize(term);
        if (hasScript(n)) {
          add(scripts, n, concept);
          maxChars = Math.max(maxChars, n.length);
          continue;
        }
        const ws = words(n);
        if (ws.length === 0) continue;
        // A term of a language without a stemmer (or of a script language written in Latin letters) is English's.
        const into = stemmers[lang] ? lang : "en";
        add((spaced[into] ??= {}), ws.map((w) => stemmers[into](w)).join(" "), concept);
        maxWords = Math.max(maxWords, ws.length);
      }
    }
  }
  const fold = (lists: Record<string, string[]>) => [...new Set(Object.values(lists).flat().map(normalize))].sort();
  return { spaced, scripts, maxWords, maxChars, stop: fold(files.stop), question: fold(files.question), intents, routes: files.routes, subroutes: files.subroutes, references: files.references, implied: files.implied };
}
