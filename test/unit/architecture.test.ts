// The shape of runtime/ (issue 25): every import points one way (no circle, type imports included, so
// the executor, its procedures, the GitLab client's errors and retries and the features each depend on
// what is below them and nothing points back), and every file stays small enough to read (≤ 300 lines).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";

const root = new URL("../../../runtime/", import.meta.url).pathname;
const MAX_LINES = 300;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.c?ts$/.test(name) ? [path] : [];
  });
}

/** Each runtime module and the runtime modules it imports or re-exports (TypeScript's own pre-processor). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = importedFiles
        .map((i) => i.fileName)
        .filter((name) => name.startsWith("."))
        .map((name) => resolve(dirname(file), name).replace(/\.c?js$/, ".ts"))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** The import circles of a graph: its strongly connected components of more than one module (Tarjan). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("runtime/ architecture (issue 25)", () => {
  const files = sources(root);

  it("finds a circle when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    assert.deepEqual(circles(graph), [["a", "b", "c"]]);
    assert.deepEqual(circles(new Map([["a", ["b"]], ["b", []]])), []);
  });

  it("has no import circle, type-only imports included", () => {
    const graph = importGraph(files);
    assert.ok([...graph.values()].some((targets) => targets.length > 0), "the import graph was read");
    assert.deepEqual(
      circles(graph).map((c) => c.map((f) => relative(root, f))),
      [],
    );
  });

  it(`keeps every file at ${MAX_LINES} lines or fewer`, () => {
    const long = files.map((f) => [relative(root, f), readFileSync(f, "utf8").split("\n").length - 1] as const).filter(([, n]) => n > MAX_LINES);
    assert.deepEqual(long, []);
  });
});
