// The finder's library and index load on the first find, never when the server's modules load (issue 24):
// a child process that refuses to resolve minisearch, @orama/* or the generated index can still import
// the finder and the dynamic surface; only a find then needs them.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { it } from "node:test";
import { actions } from "../../generated/index.js";
import { engineLoaded, findActions } from "../../runtime/finder.js";

const dist = new URL("../../", import.meta.url).href;

it("importing the finder and the dynamic surface loads neither the library nor the index", () => {
  const hook = `export async function resolve(s, c, next) { if (/minisearch|@orama|finder-index/.test(s)) throw new Error("refused " + s); return next(s, c); }`;
  const script = `
    import { register } from "node:module";
    register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}));
    const finder = await import(${JSON.stringify(`${dist}runtime/finder.js`)});
    await import(${JSON.stringify(`${dist}runtime/surfaces/dynamic.js`)});
    console.log("imported", finder.engineLoaded());
    try { await finder.findActions("list branches", []); console.log("found"); } catch (e) { console.log("refused on find"); }
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(out.trim(), "imported false\nrefused on find");
});

it("the first find loads the engine", async () => {
  const hits = (await findActions("list branches", actions)).hits;
  assert.equal(engineLoaded(), true);
  assert.equal(hits[0].action.id, "branch.list");
});
