// The field expressions of a read-then-write action (catalog `sides:`): paths, list picks, templates,
// conversions, alternatives (codegen/lib/sides.ts parses them, runtime/procedures/sides.ts reads them),
// and the syntax check codegen runs.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseSide, sideParams as paramsOf } from "../../codegen/lib/sides.js";
import { sideValue as valueOf, type SideScope } from "../../runtime/procedures/sides.js";

/** Parsed as codegen parses the catalog, then read as the runtime reads the record. */
const sideValue = (expr: string, scope: SideScope) => valueOf(parseSide(expr), scope);
const sideParams = (expr: string) => paramsOf(parseSide(expr));

const scope: SideScope = {
  read: { id: 45, path: "tool", namespace: { full_path: "partners" } },
  answer: { id: 10, full_path: "acme", projects: [{ id: 44, path_with_namespace: "acme/other" }, { id: 45, path_with_namespace: "acme/tool" }], shared_with_groups: [{ group_id: 12, group_full_path: "partners" }] },
  param: { project_id: "45", shared_with_group_id: 12, missing: undefined },
};

describe("side expressions", () => {
  it("a dotted path reads the resource read, the answer or a parameter", () => {
    assert.equal(sideValue("read.namespace.full_path", scope), "partners");
    assert.equal(sideValue("answer.full_path", scope), "acme");
    assert.equal(sideValue("param.shared_with_group_id", scope), 12);
  });
  it("a list segment picks the item whose key equals another path, compared as text", () => {
    assert.equal(sideValue("answer.projects[id=read.id].path_with_namespace", scope), "acme/tool");
    assert.equal(sideValue("answer.projects[id=param.project_id].path_with_namespace", scope), "acme/tool");
    assert.equal(sideValue("answer.shared_with_groups[group_id=answer.id].group_full_path", scope), undefined);
  });
  it("the first alternative with a value wins; a template needs every part", () => {
    assert.equal(sideValue("read.nothing | {answer.full_path}/{read.path}", scope), "acme/tool");
    assert.equal(sideValue("{answer.full_path}/{read.nothing} | text(param.project_id)", scope), "45");
    assert.equal(sideValue("read.nothing | answer.nothing", scope), undefined);
  });
  it("int() takes digits only, text() writes any value as text", () => {
    assert.equal(sideValue("int(param.project_id)", scope), 45);
    assert.equal(sideValue("int(answer.full_path)", scope), undefined);
    assert.equal(sideValue("text(answer.id)", scope), "10");
  });
  it("with no read, read paths have no value", () => {
    assert.equal(sideValue("read.id | answer.id", { ...scope, read: undefined }), 10);
  });
  it("codegen learns the parameters an expression reads, and a malformed one is refused by name", () => {
    assert.deepEqual(sideParams("answer.items[group_id=param.group].name | group {param.group} | int(param.project_id)").sort(), ["group", "group", "project_id"]);
    assert.throws(() => sideParams("response.id"), /"response\.id" is not read\.<path>, answer\.<path> or param\.<name>/);
    assert.throws(() => sideParams("answer.items[id=somewhere].name"), /is not read/);
    assert.throws(() => sideParams("param.user.name"), /a parameter is read whole/);
  });
});
