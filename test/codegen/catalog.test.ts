// The generator's own checks: a broken catalog fails with the file, YAML line and column and the action id,
// and every rule the JSON Schema cannot express is enforced (table tests, STYLE rule 25).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { CatalogError, loadCatalog, type CatalogProblem } from "../../codegen/lib/load.js";
import { buildModel, parseTarget, templateVars } from "../../codegen/lib/model.js";
import { loadFineGrained } from "../../codegen/lib/fineGrained.js";

const root = new URL("../../../", import.meta.url).pathname;
const SCHEMA = join(root, "codegen/catalog.schema.json");
const target = parseTarget(readFileSync(join(root, "codegen/inputs/action-ids.tsv"), "utf8"));
const fineGrained = { data: loadFineGrained(root), schemaSdl: readFileSync(join(root, "codegen/inputs/gitlab-schema.graphql"), "utf8") };
/** The committed catalog, file by file: the root and every domain file, by path relative to the root's folder. */
const base = new Map<string, string>([["catalog.yaml", readFileSync(join(root, "catalog.yaml"), "utf8")]]);
// Domain files may sit in subfolders (catalog/repository/diffs.yaml): every .yaml below catalog/.
for (const name of readdirSync(join(root, "catalog"), { recursive: true }).map(String).filter((n) => n.endsWith(".yaml")).sort()) base.set(`catalog/${name}`, readFileSync(join(root, "catalog", name), "utf8"));

/** Applies one text edit to every file of the catalog (it changes those that hold the text). */
function edited(edit: (s: string) => string): Map<string, string> {
  return new Map([...base].map(([name, text]) => [name, edit(text)]));
}

function problems(files: Map<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "catalog-"));
  mkdirSync(join(dir, "catalog"));
  for (const [name, text] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const format = (p: CatalogProblem) => `${p.file ?? "catalog.yaml"}:${p.line}:${p.col} [${p.action ?? ""}] ${p.message}`;
  try {
    const loaded = loadCatalog(join(dir, "catalog.yaml"), SCHEMA);
    return buildModel(loaded, target, fineGrained).problems.map(format);
  } catch (e) {
    if (e instanceof CatalogError) return e.problems.map(format);
    throw e;
  }
}

/** `catalog/branch.yaml:12`: where a text starts in the committed catalog. */
function lineOf(needle: string, below = 0): string {
  for (const [name, text] of base) if (text.includes(needle)) return `${name}:${text.slice(0, text.indexOf(needle)).split("\n").length + below}`;
  throw new Error(`no catalog file holds ${JSON.stringify(needle)}`);
}

describe("catalog checks", () => {
  it("the committed catalog has no problem", () => {
    assert.deepEqual(problems(base), []);
  });

  it("an action in another domain's file names the file and the fix", () => {
    const files = new Map(base);
    const text = base.get("catalog/tag.yaml")!;
    files.set("catalog/tag.yaml", text.replace("  tag.get:\n", "  release.tag_get:\n"));
    assert.ok(problems(files).some((p) => /^catalog\/tag\.yaml:\d+:3 \[release\.tag_get\] belongs to domain release, not tag/.test(p)), problems(files).join("\n"));
  });

  it("a file under catalog/ that no domain names is reported", () => {
    const files = new Map(base).set("catalog/stray.yaml", "actions: {}\n");
    assert.ok(problems(files).includes("catalog/stray.yaml:1:1 [] no domain of catalog.yaml names this file: add it as a domain's file or remove it"), problems(files).join("\n"));
  });

  it("the same action in two files is reported where the second stands", () => {
    const files = new Map(base);
    const tag = base.get("catalog/tag.yaml")!;
    const entry = tag.slice(tag.indexOf("  tag.get:\n"));
    files.set("catalog/release.yaml", base.get("catalog/release.yaml")!.replace("actions:\n", "actions:\n" + entry.replace("tag.get", "release.get") + "\n"));
    const found = problems(files);
    assert.ok(found.some((p) => /^catalog\/release\.yaml:\d+:\d+ .*Map keys must be unique|already defined/.test(p)), found.join("\n"));
  });

  const cases: [string, { edit: (s: string) => string; want: RegExp; line?: () => string }][] = [
    [
      "a missing classification names the action and its line",
      { edit: (s) => s.replace("    classification: destructive\n    idempotent: true\n    content_kind: mutate\n    tier: free\n    scope: api\n    tags: [remove branch", "    idempotent: true\n    content_kind: mutate\n    tier: free\n    scope: api\n    tags: [remove branch"), want: /\[branch\.delete\] actions\.branch\.delete is missing required key "classification"/ },
    ],
    [
      "an unknown key is reported where it stands",
      { edit: (s) => s.replace("  branch.get:\n    title: Get a branch\n", "  branch.get:\n    title: Get a branch\n    colour: blue\n"), want: /^catalog\/branch\.yaml:\d+:5 \[branch\.get\] actions\.branch\.get has unknown key "colour"/, line: () => lineOf("  branch.get:\n", 2) },
    ],
    [
      "a classification that disagrees with action-ids.tsv",
      { edit: (s) => s.replace("classification: destructive\n    idempotent: true\n    content_kind: mutate\n    tier: free\n    scope: api\n    tags: [remove branch", "classification: write\n    idempotent: true\n    content_kind: mutate\n    tier: free\n    scope: api\n    tags: [remove branch"), want: /\[branch\.delete\] is write but action-ids\.tsv says destructive/ },
    ],
    [
      "a resource template naming a param the action lacks (CAT-15)",
      { edit: (s) => s.replace('resource_template: "gitlab://project/{project_id}/branch/{branch_name}"', 'resource_template: "gitlab://project/{project_id}/branch/{branch}"'), want: /\[branch\.get\] names \{branch\}, which is not a parameter of the action/ },
    ],
    [
      "a next step naming an action that does not exist",
      { edit: (s) => s.replace("      - branch.create: to create a new branch\n", "      - branch.clone: to clone it\n"), want: /\[branch\.list\] names action "branch\.clone", which the catalog does not have/ },
    ],
    [
      "an id outside the target list",
      { edit: (s) => s.replace("  branch.get:\n", "  branch.fetch:\n"), want: /\[branch\.fetch\] is not in codegen\/inputs\/action-ids\.tsv/ },
    ],
    [
      "a path parameter the path does not name",
      { edit: (s) => s.replace('rest: { method: GET, path: "/projects/{project_id}/repository/branches/{branch_name}" }', 'rest: { method: GET, path: "/projects/{project_id}/repository/branches" }'), want: /\[branch\.get\] params\.branch_name|is in: path but the path does not name \{branch_name\}/ },
    ],
    [
      "a write without idempotent",
      { edit: (s) => s.replace("    classification: write\n    idempotent: false\n    content_kind: mutate\n    tier: free\n    scope: api\n    tags: [new branch", "    classification: write\n    content_kind: mutate\n    tier: free\n    scope: api\n    tags: [new branch"), want: /\[branch\.create\] write and destructive actions must state idempotent/ },
    ],
    [
      "a semicolon in a description (CMP-18)",
      { edit: (s) => s.replace("Name of the new branch.", "Name of the new branch; required."), want: /params\.branch_name\.description must match pattern/ },
    ],
    [
      "a description cut short by an unquoted YAML comment",
      { edit: (s) => s.replace("        description: Name of the new branch.", "        description: Name of the new branch, like #42 or main."), want: /\[branch\.create\] description "Name of the new branch, like" does not end a sentence/ },
    ],
    [
      "a lifecycle alias that fixes a value outside the parameter's enum",
      { edit: (s) => s.replace("      issue.close: { state_event: close }", "      issue.close: { state_event: shut }"), want: /\[issue\.update\] value shut is not one of close, reopen/ },
    ],
    [
      "single_from_list on a POST is refused",
      { edit: (s) => s.replace('rest: { method: GET, path: "/projects/{project_id}/milestones", single_from_list: true }', 'rest: { method: POST, path: "/projects/{project_id}/milestones", single_from_list: true }'), want: /\[project\.milestone_get\] single_from_list reads a list, so it needs method GET/ },
    ],
    [
      "a procedure without its runtime file is refused",
      { edit: (s) => s.replace('rest: { method: GET, path: "/projects/{project_id}/repository/branches", pagination: offset }', 'rest: { method: GET, path: "/projects/{project_id}/repository/branches", pagination: offset, procedure: no_such_step }'), want: /branch\.yaml:\d+:\d+ \[branch\.list\] names runtime\/procedures\/no_such_step\.ts, which does not exist/ },
    ],
    [
      "a local parameter without a procedure to read it is refused",
      { edit: (s) => s.replace('rest: { method: GET, path: "/projects/{project_id}/repository/branches", pagination: offset }', 'rest: { method: GET, path: "/projects/{project_id}/repository/branches", pagination: offset }').replace("      per_page: { use: per_page }\n", "      per_page: { use: per_page }\n      tail_lines: { type: integer, in: local, description: Lines to keep. }\n"), want: /\[branch\.list\] is in: local, which only a runtime procedure reads/ },
    ],
    [
      "single_from_list on a paginated list is refused",
      { edit: (s) => s.replace('rest: { method: GET, path: "/projects/{project_id}/repository/branches", pagination: offset }', 'rest: { method: GET, path: "/projects/{project_id}/repository/branches", pagination: offset, single_from_list: true }'), want: /\[branch\.list\] single_from_list answers one item of a list, so it needs an object output/ },
    ],
    [
      "single_from_list without a not-found card is refused",
      { edit: (s) => s.replace('rest: { method: GET, path: "/projects/{project_id}" }', 'rest: { method: GET, path: "/projects/{project_id}", single_from_list: true }').replace(/    not_found:\n      resource: Project\n(?: {6}.*\n| {8}.*\n)*/, ""), want: /\[project\.get\] single_from_list answers an empty list with the not-found card, so it needs not_found/ },
    ],
    [
      "as_array on a path parameter is refused",
      { edit: (s) => s.replace("        description: ID or name of the label, such as 7 or priority::high.", "        as_array: true\n        description: ID or name of the label, such as 7 or priority::high."), want: /\[project\.label_get\] as_array cannot send an array in the path/ },
    ],
    [
      "detail blocks on an action that does not answer a list",
      { edit: (s) => s.replace('      heading: "Branch: {name}"\n', '      heading: "Branch: {name}"\n      details: { heading: name, field: name }\n'), want: /\[branch\.get\] details follow a list's table/ },
    ],
    [
      "the same GitLab path parameter under two names",
      { edit: (s) => s.replace('rest: { method: DELETE, path: "/projects/{project_id}/protected_branches/{branch_name}" }\n    params:\n      project_id: { use: project_id }\n      branch_name:\n        type: string\n        required: true\n        in: path\n        gitlab_name: name\n        min_length: 1\n        aliases: [name]\n', 'rest: { method: DELETE, path: "/projects/{project_id}/protected_branches/{name}" }\n    params:\n      project_id: { use: project_id }\n      name:\n        type: string\n        required: true\n        in: path\n        min_length: 1\n'), want: /\[branch\.unprotect\] exposes GitLab's protected_branches\/:name path parameter as name, but branch\.get_protected calls it branch_name: use branch_name/ },
    ],
    [
      "a not_modified card that names an unknown parameter is refused",
      { edit: (s) => s.replace('show: "/projects/{project_id}/labels/{label_id}" }', 'show: "/projects/{project_id}/labels/{label_name}" }'), want: /\[project\.label_(un)?subscribe\] names \{label_name\}, which is not a parameter of the action/ },
    ],
    [
      "not_modified on a read is refused",
      { edit: (s) => s.replace('rest: { method: POST, path: "/projects/{project_id}/star" }', 'rest: { method: GET, path: "/projects/{project_id}/star" }'), want: /\[project\.star\] answers GitLab's 304 to a REST write, so it needs a request\.rest that is not a GET/ },
    ],
    [
      "a sides field that reads an unknown parameter is refused",
      { edit: (s) => s.replace("shared_with_group_id: param.shared_with_group_id\n", "shared_with_group_id: param.shared_group\n"), want: /\[group\.group_member_share\] reads param\.shared_group, which is not a parameter of the action/ },
    ],
    [
      "a malformed sides expression is refused",
      { edit: (s) => s.replace("        transferred_from: read.namespace.full_path\n", "        transferred_from: before.namespace\n"), want: /\[project\.transfer\] "before\.namespace" is not read\.<path>/ },
    ],
    [
      "a hand-written date pattern is refused: dates are format: date",
      { edit: (s) => s.replace('start_date: { type: string, in: query, format: date, description: "First day, YYYY-MM-DD." }', 'start_date: { type: string, in: query, pattern: "^\\\\d{4}-\\\\d{2}-\\\\d{2}$", description: "First day, YYYY-MM-DD." }'), want: /dora_metrics\.yaml:32:\d+ \[dora_metrics\.project\] is a hand-written date pattern: use format: date/ },
    ],
    [
      "a duplicate key is a YAML error with its position",
      { edit: (s) => s.replace("  branch.get:\n    title: Get a branch\n", "  branch.get:\n    title: Get a branch\n    title: Again\n"), want: /Map keys must be unique/ },
    ],
  ];
  for (const [name, { edit, want, line }] of cases) {
    it(name, () => {
      const files = edited(edit);
      assert.ok([...files].some(([name, text]) => text !== base.get(name)), "the fixture edit applied");
      const found = problems(files);
      assert.ok(found.some((p) => want.test(p)), `expected ${want} in:\n${found.join("\n")}`);
      if (line) assert.ok(found.some((p) => p.startsWith(`${line()}:`)), `expected line ${line()} in:\n${found.join("\n")}`);
    });
  }

  it("templateVars reads RFC 6570 simple variables", () => {
    assert.deepEqual(templateVars("gitlab://project/{project_id}/branch/{branch_name}"), ["project_id", "branch_name"]);
    assert.deepEqual(templateVars("/projects"), []);
  });
});
