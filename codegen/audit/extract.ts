// Writes codegen/inputs/gitlab-params.json: what independent descriptions of GitLab's REST API say each
// endpoint takes, so the codegen check can audit the catalog without the network. Run by hand when a
// source moves (`npx tsx codegen/audit/extract.ts`); the output is committed.
// Sources: GitLab's own OpenAPI 3 description when a copy is given (`--openapi <openapi_v3.yaml>`, first;
// codegen/audit/openapi.ts), @gitbeaker/core (installed dev dependency: methods and typed options, codegen/audit/gitbeaker.ts)
// and python-gitlab (Debian python3-gitlab: managers' list filters and create/update attributes,
// codegen/audit/pygitlab.py). Each param records which of them documents it.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gitbeakerRows } from "./gitbeaker.js";
import { openapiRows } from "./openapi.js";
import { endpointKey, type ParamTable, type SourceRow, type TableEndpoint, type TableParam } from "./table.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const TABLE_FILE = "codegen/inputs/gitlab-params.json";

function pythonGitlabRows(): { version: string; rows: SourceRow[] } {
  const python = process.env.PYTHON_GITLAB_PYTHON ?? "/usr/bin/python3";
  let out: string;
  try {
    out = execFileSync(python, [join(root, "codegen/audit/pygitlab.py")], { encoding: "utf8", maxBuffer: 64 << 20 });
  } catch (e) {
    throw new Error(`python-gitlab is needed (apt-get install python3-gitlab; or set PYTHON_GITLAB_PYTHON): ${(e as Error).message}`);
  }
  const data = JSON.parse(out) as { version: string; rows: (SourceRow & { manager: string })[] };
  return { version: data.version, rows: data.rows.map(({ manager, ...r }) => ({ ...r, origin: manager })) };
}

/** Display form of a path: python-gitlab's names where it has them, else `:id`-style names. */
function displayPath(path: string): string {
  const segments = path.split("/");
  return segments
    .map((s, i) => {
      const named = /^\{([a-z_0-9]+)\}$/.exec(s)?.[1];
      if (named) return `:${named}`;
      if (s !== "*") return s;
      const before = segments[i - 1] ?? "";
      if (!/^[a-z_]+$/.test(before)) return ":value";
      return /^(projects|groups|users|namespaces)$/.test(before) ? ":id" : `:${before.replace(/ies$/, "y").replace(/s$/, "")}_id`;
    })
    .join("/");
}

/** Merges the sources' rows into one table keyed by method and path. */
export function mergeRows(sources: Record<string, SourceRow[]>): Record<string, TableEndpoint> {
  const merged = new Map<string, { display: string; sources: Set<string>; params: Map<string, TableParam> }>();
  for (const [source, rows] of Object.entries(sources)) {
    for (const row of rows) {
      const key = endpointKey(row.method, row.path);
      const entry = merged.get(key) ?? { display: `${row.method} ${displayPath(row.path)}`, sources: new Set(), params: new Map() };
      if (row.path.includes("{")) entry.display = `${row.method} ${displayPath(row.path)}`;
      entry.sources.add(source);
      for (const p of row.params) {
        const known = entry.params.get(p.name);
        if (!known) entry.params.set(p.name, { ...p, sources: [source] });
        else {
          entry.params.set(p.name, {
            ...known,
            required: known.required || p.required,
            ...(known.type ? {} : p.type ? { type: p.type } : {}),
            ...(known.enum ? {} : p.enum ? { enum: p.enum } : {}),
            sources: [...new Set([...known.sources, source])],
          });
        }
      }
      merged.set(key, entry);
    }
  }
  return Object.fromEntries(
    [...merged.values()]
      .sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0))
      .map((e) => [e.display, { sources: [...e.sources].sort(), params: [...e.params.values()].sort((a, b) => (a.name < b.name ? -1 : 1)) }]),
  );
}

/** One endpoint a line, so a source update reads as a small diff. */
export function serializeTable(table: ParamTable): string {
  const lines = Object.entries(table.endpoints).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n  "sources": ${JSON.stringify(table.sources)},\n  "endpoints": {\n${lines.join(",\n")}\n  }\n}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { openapi: { type: "string" }, "openapi-commit": { type: "string" } } });
  const gb = gitbeakerRows(root);
  const py = pythonGitlabRows();
  const oa = values.openapi ? openapiRows(readFileSync(values.openapi, "utf8")) : undefined;
  const table: ParamTable = {
    sources: {
      ...(oa ? { openapi: { version: `GitLab ${oa.version} doc/api/openapi/openapi_v3.yaml${values["openapi-commit"] ? ` at ${values["openapi-commit"]}` : ""}`, note: "operations' parameters and request bodies" } } : {}),
      gitbeaker: { version: `@gitbeaker/core ${gb.version}`, note: "dist/index.mjs requests, dist/index.d.ts typed options (ts-morph)" },
      "python-gitlab": { version: `python-gitlab ${py.version} (Debian python3-gitlab)`, note: "v4 managers: _path, _list_filters, _create_attrs, _update_attrs" },
    },
    endpoints: mergeRows({ ...(oa ? { openapi: oa.rows } : {}), gitbeaker: gb.rows, "python-gitlab": py.rows }),
  };
  writeFileSync(join(root, TABLE_FILE), serializeTable(table));
  const n = Object.keys(table.endpoints).length;
  console.log(`wrote ${TABLE_FILE}: ${n} endpoints (gitbeaker ${gb.rows.length} requests, python-gitlab ${py.rows.length})`);
}
