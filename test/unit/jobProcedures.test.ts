// The job procedures' pieces: the streamed log window (RES-22..RES-25) with a bounded memory figure for a
// 50 MB log, the wait loop (RES-33), and the zip directory reader behind artifact downloads (RES-26).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { cleanLine, TraceWindow } from "../../runtime/procedures/traceWindow.js";
import { HeadTail, isText, zipEntries } from "../../runtime/procedures/job_artifact_download.js";
import { storedZip } from "../sim/restJobs.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** Feeds `total` bytes of numbered, colored log lines in 64 KiB chunks, made as they are fed. */
function feed(window: TraceWindow, total: number, onChunk?: (i: number) => void): number {
  let sent = 0;
  let line = 1;
  let i = 0;
  while (sent < total) {
    let text = "";
    while (text.length < 64 * 1024) text += `\x1b[32mline ${line++}\x1b[0m ${"y".repeat(70)}\n`;
    const chunk = Buffer.from(text);
    sent += chunk.length;
    if (!window.push(chunk)) break;
    onChunk?.(i++);
  }
  return line - 1;
}

describe("job log window", () => {
  it("cleans ANSI escapes, section markers and carriage-return overwrites", () => {
    assert.equal(cleanLine("section_start:1700000000:build_script[collapsed=true]\r\x1b[0K\x1b[36;1mBuilding\x1b[0;m"), "Building");
    assert.equal(cleanLine("section_end:1700000001:build_script\r\x1b[0K"), undefined);
    assert.equal(cleanLine("10%\r50%\r100%\r"), "100%");
    assert.equal(cleanLine("\x1b]8;;https://x\x07link\x1b]8;;\x07"), "link");
    assert.equal(cleanLine(""), "");
  });

  it("keeps the tail, a range, or matches with context", () => {
    const text = Buffer.from(Array.from({ length: 20 }, (_, i) => `row ${i + 1}`).join("\n") + "\n");
    const tail = new TraceWindow({ tailLines: 3, keepBytes: 1 << 20 });
    tail.push(text.subarray(0, 7));
    tail.push(text.subarray(7));
    const t = tail.end();
    assert.deepEqual(t.lines.map((l) => l.text), ["row 18", "row 19", "row 20"]);
    assert.equal(t.totalLines, 20);
    const range = new TraceWindow({ startLine: 5, lineCount: 2, keepBytes: 1 << 20 });
    range.push(text);
    assert.deepEqual(range.end().lines.map((l) => l.n), [5, 6]);
    const search = new TraceWindow({ pattern: "ROW 1", contextLines: 0, keepBytes: 1 << 20 });
    search.push(text);
    const s = search.end();
    assert.equal(s.matchCount, 11);
    assert.deepEqual(s.lines.slice(0, 2).map((l) => l.n), [1, 10]);
    const within = new TraceWindow({ pattern: "row 1", startLine: 12, lineCount: 5, contextLines: 0, keepBytes: 1 << 20 });
    within.push(text);
    assert.deepEqual(within.end().lines.map((l) => l.n), [12, 13, 14, 15, 16]);
  });

  it("a retried read starts over", () => {
    const w = new TraceWindow({ keepBytes: 1 << 20 });
    w.push(Buffer.from("a\nb\n"));
    w.reset();
    w.push(Buffer.from("c\n"));
    assert.deepEqual(w.end().lines.map((l) => l.text), ["c"]);
  });

  it("streams a 50 MB log in bounded memory: the heap grows by less than 8 MiB", () => {
    const before = heap();
    let peak = 0;
    const w = new TraceWindow({ tailLines: 500, keepBytes: 64 * 1024 });
    const lines = feed(w, 50 * 1024 * 1024, (i) => {
      if (i % 100 === 0) peak = Math.max(peak, heap() - before);
    });
    const result = w.end();
    peak = Math.max(peak, heap() - before);
    assert.equal(result.totalLines, lines);
    assert.ok(result.totalBytes >= 50 * 1024 * 1024);
    assert.equal(result.lines[result.lines.length - 1].text, `line ${lines} ${"y".repeat(70)}`);
    assert.ok(peak < 8 * 1024 * 1024, `heap grew by ${(peak / 1048576).toFixed(1)} MiB while reading 50 MB`);
  });

  it("a range window of a 50 MB log also stays bounded, keeping the window's last lines", () => {
    const before = heap();
    const w = new TraceWindow({ startLine: 100_000, lineCount: 10_000, keepBytes: 64 * 1024 });
    feed(w, 50 * 1024 * 1024);
    const result = w.end();
    assert.ok(heap() - before < 8 * 1024 * 1024);
    assert.equal(result.lines[result.lines.length - 1].n, 109_999);
    assert.equal(result.droppedFront, true);
  });

  it("stops at the read limit and reports the line count unknown (RES-25)", () => {
    const w = new TraceWindow({ tailLines: 10, keepBytes: 1 << 20, readLimit: 1024 * 1024 });
    feed(w, 3 * 1024 * 1024);
    const result = w.end();
    assert.equal(result.limitReached, true);
    assert.equal(result.totalLines, 0);
    assert.equal(result.totalBytes, 1024 * 1024);
  });
});

describe("artifact downloads", () => {
  it("lists a zip's files from its last bytes", () => {
    const zip = storedZip({ "a.txt": "hello", "dir/b.bin": Buffer.from([0, 1, 2]) });
    const listing = zipEntries(zip.subarray(zip.length - 200 > 0 ? zip.length - 200 : 0), zip.length);
    assert.deepEqual(listing, { count: 2, entries: [{ path: "a.txt", size: 5 }, { path: "dir/b.bin", size: 3 }] });
    assert.equal(zipEntries(Buffer.from("not a zip at all, just text"), 27), undefined);
  });

  it("keeps only the head and tail of a large body", () => {
    const ht = new HeadTail(1024);
    for (let i = 0; i < 40; i++) ht.push(Buffer.alloc(256 * 1024, i));
    assert.equal(ht.headLen, 1024);
    assert.ok(ht.tailLen <= 1024 * 1024 + 256 * 1024);
    assert.equal(ht.total, 40 * 256 * 1024);
  });

  it("tells text from binary without decoding binary", () => {
    assert.equal(isText(Buffer.from("plain text ✓"), true), true);
    assert.equal(isText(Buffer.from([0x41, 0x00, 0x42]), true), false);
    assert.equal(isText(Buffer.from([0xff, 0xfe, 0x41]), true), false);
    assert.equal(isText(Buffer.from("✓").subarray(0, 2), false), true);
  });
});
