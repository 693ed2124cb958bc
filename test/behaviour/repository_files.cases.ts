// Repository files, blobs, trees, archives, submodules and Markdown rendering: the behaviour table (see
// test/helpers/behaviour.ts). The simulator seeds each project with a small repository (test/sim/restFiles.ts):
// README.md, src/app.ts, src/util/strings.ts, a PNG (binary), a 5,000-line log (large text) and a submodule
// at vendor/lib. Cases run in order, so the writes form a workflow: create, read back, update, delete.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { blobId, SIM_INITIAL_COMMIT, SIM_PNG } from "../sim/restFiles.js";

const README = Buffer.from("# Project\n\nA small simulated repository.\n");
const NEW_SHA = "b".repeat(40);
let web = "";

const structured = (r: CallToolResult) => (r.structuredContent ?? {}) as Record<string, unknown>;

export const table: BehaviourTable = {
  domain: "repository files",
  seed(sim) {
    web = `${sim.url}/group/project`;
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addProject({ id: 43, path_with_namespace: "group/lib" });
  },
  cases: [
    {
      id: "repository.file_get",
      name: "a text file at the default branch (ref HEAD when none is given)",
      params: { project_id: "group/project", file_path: "README.md" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/README.md", query: { ref: "HEAD" } },
      markdown: ["## File: README.md", "> # Project", "- **Total Lines**: 3"],
      check(r) {
        const s = structured(r);
        assert.equal(s.encoding, "base64");
        assert.equal(Buffer.from(String(s.content), "base64").toString("utf8"), README.toString("utf8"));
        assert.equal(s.binary, false);
        assert.equal("text" in s, false, "the Markdown-only text stays out of structuredContent");
      },
    },
    {
      id: "repository.file_get",
      name: "a binary file is described, its base64 passed on, never dumped as text",
      params: { project_id: 42, file_path: "assets/logo.png", ref: "main" },
      request: { method: "GET", path: "/projects/42/repository/files/assets%2Flogo.png", query: { ref: "main" } },
      markdown: ["## File: assets/logo.png", "- **Binary**: ✅", "image/png", "Binary content omitted"],
      check(r) {
        const s = structured(r);
        assert.equal(s.encoding, "base64");
        assert.equal(s.content, SIM_PNG.toString("base64"));
        assert.doesNotMatch(r.content[0].type === "text" ? r.content[0].text : "", /PNG/);
      },
    },
    {
      id: "repository.file_get",
      name: "a large text file is shown by window, with where to continue",
      params: { project_id: "group/project", file_path: "docs/big.log" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/docs%2Fbig.log" },
      markdown: ["> line 1: request served", "- **Total Lines**: 5000", /- \*\*Continue At Line\*\*: \d+/],
      check(r) {
        const s = structured(r);
        assert.equal(s.start_line, 1);
        assert.ok(Number(s.end_line) < 5000 && Number(s.next_start_line) === Number(s.end_line) + 1);
      },
    },
    {
      id: "repository.file_get",
      name: "start_line and line_count choose the window",
      params: { project_id: "group/project", file_path: "docs/big.log", ref: "v1.0.0", start_line: 10, line_count: 3 },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/docs%2Fbig.log", query: { ref: "v1.0.0" } },
      markdown: ["> line 10: ", "> line 12: ", "- **Continue At Line**: 13"],
      check(r) {
        const md = r.content[0].type === "text" ? r.content[0].text : "";
        assert.doesNotMatch(md, /line 13: /);
        assert.equal(Buffer.from(String(structured(r).content), "base64").toString("utf8").split("\n").length, 4);
      },
    },
    {
      id: "repository.file_get",
      name: "a blob link with #L100-102 fills ref, file_path, start_line and line_count",
      params: { get project_id() { return `${web}/-/blob/main/docs/big.log#L100-102`; } },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/docs%2Fbig.log", query: { ref: "main" } },
      markdown: ["> line 100: ", "> line 102: ", "- **Continue At Line**: 103"],
    },
    {
      id: "repository.file_get",
      name: "a file that does not exist answers the not-found card",
      params: { project_id: "group/project", file_path: "nope.txt", ref: "main" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/nope.txt" },
      markdown: ["## ❓ File Not Found", "repository.tree"],
      isError: true,
    },
    {
      id: "repository.file_raw",
      name: "raw text by window",
      params: { project_id: "group/project", file_path: "src/app.ts", line_count: 1 },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/src%2Fapp.ts/raw", query: {} },
      markdown: ["## Raw File: src/app.ts", "> import { greet }", "- **Continue At Line**: 2", "- **Download**: ["],
      check(r) {
        assert.equal(structured(r).encoding, "text");
        assert.equal(structured(r).content, 'import { greet } from "./util/strings.js";\n');
      },
    },
    {
      id: "repository.file_raw",
      name: "a raw binary file is answered with size and type only",
      params: { project_id: "group/project", file_path: "assets/logo.png", ref: "main" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/assets%2Flogo.png/raw", query: { ref: "main" } },
      markdown: ["- **Binary**: ✅", "image/png", `- **Size**: ${SIM_PNG.length} bytes`, "Binary content omitted"],
      check(r) {
        assert.equal(structured(r).content, undefined);
        assert.equal(structured(r).content_omitted, true);
      },
    },
    {
      id: "repository.file_raw",
      name: "a missing raw file answers the not-found card",
      params: { project_id: "group/project", file_path: "missing.md" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/missing.md/raw" },
      markdown: ["## ❓ File Not Found"],
      isError: true,
    },
    {
      id: "repository.file_raw_metadata",
      params: { project_id: "group/project", file_path: "README.md" },
      request: { method: "HEAD", path: "/projects/group%2Fproject/repository/files/README.md/raw", query: { ref: "HEAD" } },
      markdown: ["## Raw File Metadata: README.md", `- **Blob**: \`${blobId(README)}\``, `- **Size**: ${README.length} bytes`],
    },
    {
      id: "repository.file_raw_metadata",
      name: "a missing file answers the not-found card",
      params: { project_id: "group/project", file_path: "missing.md" },
      request: { method: "HEAD", path: "/projects/group%2Fproject/repository/files/missing.md/raw" },
      markdown: ["## ❓ File Not Found"],
      isError: true,
    },
    {
      id: "repository.file_metadata",
      params: { project_id: "group/project", file_path: "src/app.ts", ref: "main" },
      request: { method: "HEAD", path: "/projects/group%2Fproject/repository/files/src%2Fapp.ts", query: { ref: "main" } },
      markdown: ["## File Metadata: src/app.ts", `- **Last Commit**: \`${SIM_INITIAL_COMMIT}\``, "- **Ref**: `main`"],
    },
    {
      id: "repository.file_metadata",
      name: "a missing file answers the not-found card",
      params: { project_id: "group/project", file_path: "src/none.ts" },
      request: { method: "HEAD", path: "/projects/group%2Fproject/repository/files/src%2Fnone.ts" },
      markdown: ["## ❓ File Not Found"],
      isError: true,
    },
    {
      id: "repository.file_blame",
      params: { project_id: "group/project", file_path: "src/util/strings.ts", ref: "main", start_line: 1, end_line: 2 },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/src%2Futil%2Fstrings.ts/blame", query: { ref: "main", "range[start]": "1", "range[end]": "2" } },
      markdown: ["## Blame (1)", "Sim Developer", "export function greet"],
    },
    {
      id: "repository.file_blame",
      name: "a blame link with #L2-3 blames those lines",
      params: { get project_id() { return `${web}/-/blame/main/src/util/strings.ts#L2-3`; } },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/src%2Futil%2Fstrings.ts/blame", query: { ref: "main", "range[start]": "2", "range[end]": "3" } },
      markdown: ["## Blame (1)", "return \\`Hello"],
    },
    {
      id: "repository.file_history",
      params: { project_id: "group/project", file_path: "README.md", ref: "main" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/commits", query: { path: "README.md", ref_name: "main" } },
      markdown: ["## File History (1)", "Initial commit"],
    },
    {
      id: "repository.file_create",
      params: { project_id: "group/project", file_path: "docs/new.md", branch_name: "main", content: "hello\n", commit_message: "Add docs/new.md" },
      request: { method: "POST", path: "/projects/group%2Fproject/repository/files/docs%2Fnew.md", body: { branch: "main", content: "hello\n", commit_message: "Add docs/new.md" } },
      markdown: ["## File created: docs/new.md", "- **Branch**: `main`"],
    },
    {
      id: "repository.file_create",
      name: "a file that exists is refused with GitLab's message",
      params: { project_id: "group/project", file_path: "docs/new.md", branch_name: "main", content: "again\n", commit_message: "Add it again" },
      request: { method: "POST", path: "/projects/group%2Fproject/repository/files/docs%2Fnew.md" },
      markdown: ["A file with this name already exists"],
      isError: true,
    },
    {
      id: "repository.file_update",
      params: { project_id: "group/project", file_path: "docs/new.md", branch_name: "main", content: "aGVsbG8gYWdhaW4K", encoding: "base64", commit_message: "Update docs/new.md" },
      request: { method: "PUT", path: "/projects/group%2Fproject/repository/files/docs%2Fnew.md", body: { branch: "main", content: "aGVsbG8gYWdhaW4K", encoding: "base64", commit_message: "Update docs/new.md" } },
      markdown: ["## File updated: docs/new.md"],
    },
    {
      id: "repository.file_get",
      name: "the update is read back",
      params: { project_id: "group/project", file_path: "docs/new.md", ref: "main" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/docs%2Fnew.md" },
      markdown: ["> hello again"],
    },
    {
      id: "repository.file_update",
      name: "a stale last_commit_id is refused",
      params: { project_id: "group/project", file_path: "docs/new.md", branch_name: "main", content: "x", commit_message: "Stale", last_commit_id: SIM_INITIAL_COMMIT },
      request: { method: "PUT", path: "/projects/group%2Fproject/repository/files/docs%2Fnew.md" },
      markdown: ["changed since you started editing"],
      isError: true,
    },
    {
      id: "repository.file_delete",
      params: { project_id: "group/project", file_path: "docs/new.md", branch_name: "main", commit_message: "Remove docs/new.md" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/group%2Fproject/repository/files/docs%2Fnew.md", body: { branch: "main", commit_message: "Remove docs/new.md" } },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "repository.file_delete",
      name: "deleting a file that is gone is refused",
      params: { project_id: "group/project", file_path: "docs/new.md", branch_name: "main", commit_message: "Remove again" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/group%2Fproject/repository/files/docs%2Fnew.md" },
      markdown: ["A file with this name doesn't exist"],
      isError: true,
    },
    {
      id: "repository.blob",
      params: { project_id: "group/project", blob_sha: blobId(README) },
      request: { method: "GET", path: `/projects/group%2Fproject/repository/blobs/${blobId(README)}` },
      markdown: [`## Blob ${blobId(README)}`, "> A small simulated repository."],
    },
    {
      id: "repository.blob",
      name: "an unknown blob answers the not-found card",
      params: { project_id: "group/project", blob_sha: "0123456789abcdef0123456789abcdef01234567" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/blobs/0123456789abcdef0123456789abcdef01234567" },
      markdown: ["## ❓ Blob Not Found"],
      isError: true,
    },
    {
      id: "repository.raw_blob",
      params: { project_id: "group/project", blob_sha: blobId(SIM_PNG) },
      request: { method: "GET", path: `/projects/group%2Fproject/repository/blobs/${blobId(SIM_PNG)}/raw` },
      markdown: ["- **Binary**: ✅", "Binary content omitted"],
    },
    {
      id: "repository.raw_blob",
      name: "an unknown blob answers the not-found card",
      params: { project_id: "group/project", blob_sha: "deadbeef" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/blobs/deadbeef/raw" },
      markdown: ["## ❓ Blob Not Found"],
      isError: true,
    },
    {
      id: "repository.tree",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/tree", query: {} },
      markdown: ["## Repository Tree (6)", "| src | tree |", "| README.md | blob |", "| vendor | tree |"],
    },
    {
      id: "repository.tree",
      name: "a folder, recursively, at a tag",
      params: { project_id: "group/project", path: "src", recursive: true, ref: "v1.0.0" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/tree", query: { path: "src", recursive: "true", ref: "v1.0.0" } },
      markdown: ["`src/util/strings.ts`", "`src/app.ts`"],
    },
    {
      id: "repository.archive",
      params: { project_id: "group/project", format: "zip", sha: "main" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/archive.zip", query: { sha: "main" } },
      markdown: ["## Archive (zip)", /- \*\*Size\*\*: [\d,]+ bytes/, "application/zip", "- **Download**: ["],
      check(r) {
        assert.ok(Number(structured(r).size) > 500);
        assert.equal(structured(r).format, "zip");
      },
    },
    {
      id: "repository.list_submodules",
      params: { project_id: "group/project" },
      request: [
        { method: "GET", path: "/projects/group%2Fproject/repository/files/.gitmodules/raw" },
        { method: "GET", path: "/projects/group%2Fproject/repository/tree", query: { path: "vendor", per_page: "100", page: "1" } },
      ],
      markdown: ["## Submodules (1)", "`vendor/lib`", `\`${SIM_INITIAL_COMMIT}\``, "group/lib"],
    },
    {
      id: "repository.read_submodule_file",
      params: { project_id: "group/project", submodule: "vendor/lib", file_path: "README.md" },
      request: { method: "GET", path: "/projects/group%2Flib/repository/files/README.md", query: { ref: SIM_INITIAL_COMMIT } },
      markdown: ["## File: README.md (submodule vendor/lib)", "> # Project", "- **Submodule Project**: group/lib"],
    },
    {
      id: "repository.read_submodule_file",
      name: "a path that is no submodule answers the not-found card",
      params: { project_id: "group/project", submodule: "vendor/none", file_path: "README.md" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/files/.gitmodules/raw" },
      markdown: ["## ❓ File Not Found"],
      isError: true,
    },
    {
      id: "repository.update_submodule",
      params: { project_id: "group/project", submodule: "vendor/lib", branch_name: "main", commit_sha: NEW_SHA, commit_message: "Bump lib" },
      request: { method: "PUT", path: "/projects/group%2Fproject/repository/submodules/vendor%2Flib", body: { branch: "main", commit_sha: NEW_SHA, commit_message: "Bump lib" } },
      markdown: [/## Submodule updated: [0-9a-f]{8}/, "- **Title**: Bump lib"],
    },
    {
      id: "repository.update_submodule",
      name: "a path that is no submodule is refused with GitLab's message",
      params: { project_id: "group/project", submodule: "src", branch_name: "main", commit_sha: NEW_SHA },
      request: { method: "PUT", path: "/projects/group%2Fproject/repository/submodules/src" },
      markdown: ["Invalid submodule path"],
      isError: true,
    },
    {
      id: "repository.markdown_render",
      params: { text: "# Hi\n\nSome **bold** text :tada:", gfm: true, project_id: "group/project" },
      request: { method: "POST", path: "/markdown", body: { text: "# Hi\n\nSome **bold** text :tada:", gfm: true, project: "group/project" } },
      markdown: ["## Rendered Markdown", "<strong>bold</strong>"],
    },
  ],
};
