// The line window behind job.trace (RES-22..RES-25): takes a log chunk by chunk and keeps only the lines
// the window needs (a ring for the tail, the requested range, or matches with their context), so a log of
// any size costs memory in proportion to the window, never to the log. Lines are counted after cleaning.
import { StringDecoder } from "node:string_decoder";

/** RES-25: the most bytes of a log the server reads. */
export const TRACE_READ_LIMIT = 64 * 1024 * 1024;
/** A kept line longer than this is cut: one minified line must not fill the window on its own. */
const LINE_CAP = 8 * 1024;
const DEFAULT_LINES = 500;
const DEFAULT_CONTEXT = 3;

export interface TraceOptions {
  /** Last lines to keep (tail mode, the default). */
  readonly tailLines?: number;
  /** First line of a range (1-based) and its length (range mode). */
  readonly startLine?: number;
  readonly lineCount?: number;
  /** Case-insensitive substring; matching lines and their context are kept (search mode, within the range if given). */
  readonly pattern?: string;
  readonly contextLines?: number;
  readonly raw?: boolean;
  /** Keep at most about this many bytes of text: the answer cannot show more anyway. */
  readonly keepBytes: number;
  /** Bytes read at most (RES-25); a test may lower it. */
  readonly readLimit?: number;
}

/** One kept line: its number (1-based) and its text, and for a search whether it matched. */
export interface KeptLine {
  readonly n: number;
  readonly text: string;
  readonly match?: boolean;
}

export interface TraceWindowResult {
  readonly lines: readonly KeptLine[];
  /** Lines in the log after cleaning; 0 when the read stopped at the limit. */
  readonly totalLines: number;
  readonly totalBytes: number;
  readonly limitReached: boolean;
  /** The window held more lines than were kept (the keepBytes bound dropped its first lines). */
  readonly droppedFront: boolean;
  /** The first line the window asked for (tail mode: where the tail starts), for continuations. */
  readonly windowStart: number;
  readonly windowLines: number;
  readonly matchCount: number;
}

// CSI sequences (colors, erase line), OSC sequences (titles, links) and two-byte escapes.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
// GitLab's collapsible section markers: section_start:<unix time>:<name>[<options>]\r\e[0K.
const SECTION = /section_(?:start|end):\d+:[A-Za-z0-9_.-]+(?:\[[^\]]*\])?\r?(?:\x1b\[0?K)?/g;

/**
 * One log line as a reader sees it: section markers and escapes removed, and a carriage return
 * overwrite resolved to what the terminal ended with. Undefined for a line that held only markers.
 */
export function cleanLine(line: string): string | undefined {
  let text = line.endsWith("\r") ? line.slice(0, -1) : line;
  const hadMarker = text.includes("section_");
  if (hadMarker) text = text.replace(SECTION, "");
  if (text.includes("\x1b")) text = text.replace(ANSI, "");
  if (text.includes("\r")) {
    const parts = text.split("\r").filter((p) => p !== "");
    text = parts.length > 0 ? parts[parts.length - 1] : "";
  }
  if (hadMarker && text.trim() === "" && line.trim() !== "") return undefined;
  return text;
}

const lineBytes = (l: KeptLine) => Buffer.byteLength(l.text) + 12;

/** Takes a log chunk by chunk (push returns false once the read limit is reached) and keeps the window. */
export class TraceWindow {
  private decoder = new StringDecoder("utf8");
  private partial = "";
  private partialCut = false;
  private count = 0;
  private bytes = 0;
  private limitReached = false;
  private kept: KeptLine[] = [];
  private keptHead = 0;
  private keptBytes = 0;
  private droppedFront = false;
  private before: KeptLine[] = [];
  private afterLeft = 0;
  private matches = 0;
  private lastKept = 0;
  private readonly mode: "tail" | "range" | "search";
  private readonly limit: number;
  private readonly needle: string;

  constructor(private readonly opts: TraceOptions) {
    this.mode = opts.pattern !== undefined ? "search" : opts.startLine !== undefined ? "range" : "tail";
    this.limit = opts.readLimit ?? TRACE_READ_LIMIT;
    this.needle = (opts.pattern ?? "").toLowerCase();
  }

  /** Starts over: a retried read sends the log again from its first byte. */
  reset(): void {
    this.decoder = new StringDecoder("utf8");
    this.partial = "";
    this.partialCut = false;
    this.count = this.bytes = this.keptHead = this.keptBytes = this.matches = this.afterLeft = this.lastKept = 0;
    this.limitReached = this.droppedFront = false;
    this.kept = [];
    this.before = [];
  }

  push(chunk: Buffer): boolean {
    const room = this.limit - this.bytes;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.bytes += part.length;
    this.take(this.decoder.write(part));
    if (this.bytes >= this.limit) {
      this.limitReached = true;
      return false;
    }
    return true;
  }

  private take(text: string): void {
    let from = 0;
    for (;;) {
      const nl = text.indexOf("\n", from);
      if (nl < 0) break;
      this.addPartial(text.slice(from, nl));
      this.line(this.partial);
      this.partial = "";
      this.partialCut = false;
      from = nl + 1;
    }
    if (from < text.length) this.addPartial(text.slice(from));
  }

  // A line without an end keeps growing: only its first LINE_CAP characters (and any final \r part) matter.
  private addPartial(s: string): void {
    if (this.partialCut) return;
    this.partial += s;
    if (this.partial.length > LINE_CAP * 4) {
      this.partial = this.partial.slice(0, LINE_CAP * 4);
      this.partialCut = true;
    }
  }

  private line(rawLine: string): void {
    const cleaned = this.opts.raw ? rawLine.replace(/\r$/, "") : cleanLine(rawLine);
    if (cleaned === undefined) return;
    const n = ++this.count;
    const text = cleaned.length > LINE_CAP ? `${cleaned.slice(0, LINE_CAP)} … [line cut]` : cleaned;
    if (this.mode === "tail") this.keep({ n, text });
    else if (this.mode === "range") {
      const start = this.opts.startLine!;
      if (n >= start && n < start + (this.opts.lineCount ?? DEFAULT_LINES)) this.keep({ n, text });
    } else {
      // A search may be limited to a range (start_line, then line_count lines or to the end).
      const start = this.opts.startLine ?? 1;
      if (n >= start && n < start + (this.opts.lineCount ?? Infinity)) this.search({ n, text });
    }
  }

  private search(l: KeptLine): void {
    const context = this.opts.contextLines ?? DEFAULT_CONTEXT;
    if (l.text.toLowerCase().includes(this.needle)) {
      this.matches++;
      for (const b of this.before) if (b.n > this.lastKept) this.keep(b);
      this.before = [];
      this.keep({ ...l, match: true });
      this.afterLeft = context;
      return;
    }
    if (this.afterLeft > 0) {
      this.afterLeft--;
      this.keep(l);
      return;
    }
    if (context > 0) {
      this.before.push(l);
      if (this.before.length > context) this.before.shift();
    }
  }

  // Kept lines live in an array read from keptHead: dropping the first is O(1), compacted now and then.
  private keep(l: KeptLine): void {
    this.kept.push(l);
    this.lastKept = l.n;
    this.keptBytes += lineBytes(l);
    const max = this.mode === "tail" ? (this.opts.tailLines ?? DEFAULT_LINES) : Infinity;
    while (this.kept.length - this.keptHead > 1 && (this.kept.length - this.keptHead > max || this.keptBytes > this.opts.keepBytes)) {
      const first = this.kept[this.keptHead++];
      this.keptBytes -= lineBytes(first);
      if (this.kept.length - this.keptHead < max) this.droppedFront = true;
    }
    if (this.keptHead > 1024 && this.keptHead * 2 > this.kept.length) {
      this.kept = this.kept.slice(this.keptHead);
      this.keptHead = 0;
    }
  }

  end(): TraceWindowResult {
    if (!this.limitReached) {
      this.take(this.decoder.end());
      if (this.partial !== "") this.line(this.partial);
      this.partial = "";
    }
    const lines = this.kept.slice(this.keptHead);
    const tail = this.opts.tailLines ?? DEFAULT_LINES;
    const windowStart = this.mode === "range" ? this.opts.startLine! : this.mode === "tail" ? Math.max(1, this.count - tail + 1) : (lines[0]?.n ?? 0);
    const windowLines = this.mode === "range" ? Math.max(0, Math.min(this.count, windowStart + (this.opts.lineCount ?? DEFAULT_LINES) - 1) - windowStart + 1) : this.mode === "tail" ? Math.min(tail, this.count) : lines.length;
    return {
      lines,
      totalLines: this.limitReached ? 0 : this.count,
      totalBytes: this.bytes,
      limitReached: this.limitReached,
      droppedFront: this.droppedFront,
      windowStart,
      windowLines,
      matchCount: this.matches,
    };
  }
}
