// The compact reporter of `npm test` (issue 28): one line per test file with its counts and time, every
// failure in full under its file, the reasons of skips, the diagnostics tests write on purpose
// (t.diagnostic), and node's own closing counts (`# tests N`, `# pass N`, `# fail N`, ...) that CI reads,
// with one plain line "N passed, N failed, N skipped in T". `npm test -- --verbose` uses node's own
// reporter instead. A custom reporter for node's test runner: an async generator over its events.
import { relative } from "node:path";
import { inspect } from "node:util";

const cwd = process.cwd();
const seconds = (ms) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`);

/** Per file: counts, the names of the tests running now (by nesting), failures and notes, in order. */
function fileState() {
  return { pass: 0, fail: 0, skip: 0, todo: 0, path: [], failures: [], notes: [] };
}

function describeError(error) {
  // A failed test's error is the runner's wrapper; its cause is what the test threw.
  const cause = error?.cause ?? error;
  if (error?.failureType === "subtestsFailed") return undefined;
  const text = cause instanceof Error ? (cause.stack ?? String(cause)) : inspect(cause, { depth: 6, breakLength: 120 });
  const extra = cause && typeof cause === "object" && "actual" in cause && "expected" in cause && cause.code === "ERR_ASSERTION" && !/\n\s+\+ actual/.test(text) ? `\nactual:   ${inspect(cause.actual, { depth: 6 })}\nexpected: ${inspect(cause.expected, { depth: 6 })}` : "";
  return `${text}${extra}`;
}

const indent = (text, by = "    ") => text.split("\n").map((l) => (l ? by + l : l)).join("\n");

export default async function* compact(source) {
  const started = performance.now();
  const files = new Map();
  const totals = {};
  // A test defined in a shared helper (the behaviour tables of test/helpers/behaviour.js) names the
  // helper as its file: it is counted for the test file running it, the last one that started.
  let running;
  const of = (file) => {
    const key = (file && /[\\/]helpers[\\/]/.test(file) ? running : file) ?? "(no file)";
    if (!files.has(key)) files.set(key, fileState());
    return files.get(key);
  };
  for await (const event of source) {
    const data = event.data ?? {};
    if (data.file && !/[\\/]helpers[\\/]/.test(data.file)) running = data.file;
    switch (event.type) {
      case "test:start": {
        if (data.name === data.file) break;
        const f = of(data.file);
        f.path.length = data.nesting;
        f.path.push(data.name);
        break;
      }
      case "test:pass":
      case "test:fail": {
        const f = of(data.file);
        // The file's own entry: fails only when the file itself failed (a crash, an exit code).
        if (data.name === data.file) {
          const why = describeError(data.details?.error);
          if (event.type === "test:fail" && why && f.fail === 0) {
            f.fail++;
            f.failures.push(`✖ the file failed outside its tests\n${indent(why)}`);
          }
          break;
        }
        if (data.details?.type === "suite" && data.skip !== undefined) {
          f.skip++;
          if (typeof data.skip === "string" && !f.notes.includes(`skipped: ${data.skip}`)) f.notes.push(`skipped: ${data.skip}`);
          break;
        }
        if (data.details?.type === "suite") {
          if (event.type === "test:fail" && data.details.error?.failureType !== "subtestsFailed") {
            const why = describeError(data.details.error);
            if (why) f.failures.push(`✖ ${[...f.path.slice(0, data.nesting), data.name].join(" › ")} (a hook)\n${indent(why)}`);
            f.fail++;
          }
          break;
        }
        if (data.skip !== undefined) {
          f.skip++;
          if (typeof data.skip === "string" && !f.notes.includes(`skipped: ${data.skip}`)) f.notes.push(`skipped: ${data.skip}`);
        } else if (data.todo !== undefined) f.todo++;
        else if (event.type === "test:pass") f.pass++;
        else {
          f.fail++;
          const name = [...f.path.slice(0, data.nesting), data.name].join(" › ");
          f.failures.push(`✖ ${name} (${seconds(data.details?.duration_ms ?? 0)})\n${indent(describeError(data.details?.error) ?? "failed")}`);
        }
        break;
      }
      case "test:diagnostic": {
        if (data.file === undefined && data.nesting === 0) {
          const m = /^(\w+) ([\d.]+)$/.exec(data.message);
          if (m) totals[m[1]] = Number(m[2]);
          // "todo" is node's last count: with --test-force-exit the process may end before the next event
          // (duration_ms) is written, so the plain line goes out with it, in one write.
          yield `# ${data.message}\n${m?.[1] === "todo" ? summary(totals, performance.now() - started) : ""}`;
        } else of(data.file).notes.push(data.message);
        break;
      }
      case "test:complete": {
        if (data.name !== data.file) break;
        const f = of(data.file);
        const counts = [`${f.pass} passed`, f.fail ? `${f.fail} failed` : "", f.skip ? `${f.skip} skipped` : "", f.todo ? `${f.todo} todo` : ""].filter(Boolean).join(", ");
        let out = `${f.fail ? "✖" : "✔"} ${relative(cwd, data.file)}  ${counts}  (${seconds(data.details?.duration_ms ?? 0)})\n`;
        for (const note of f.notes) out += `    ℹ ${note}\n`;
        for (const failure of f.failures) out += `${indent(failure, "  ")}\n`;
        files.delete(data.file);
        yield out;
        break;
      }
      default:
        break;
    }
  }
  // Failures of files that never completed (the runner was cut short).
  for (const [file, f] of files) for (const failure of f.failures) yield `✖ ${file}\n${indent(failure, "  ")}\n`;
}

/** The plain closing line: "N passed, N failed, N skipped, N cancelled in T". */
function summary(totals, ms) {
  return `${totals.pass ?? 0} passed, ${totals.fail ?? 0} failed, ${(totals.skipped ?? 0) + (totals.todo ?? 0)} skipped, ${totals.cancelled ?? 0} cancelled in ${seconds(ms)}\n`;
}
