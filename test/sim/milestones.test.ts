// The milestone lists as GitLab answers them (doc/api/milestones.md, doc/api/group_milestones.md):
// the iids[], state, title and search filters, due-date order, offset pagination, and 404 bodies.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "./simulator.js";
import { call, links } from "./testSupport.js";

const milestone = (id: number, iid: number, title: string, more: Record<string, unknown> = {}) => ({ id, iid, project_id: 42, title, description: null, state: "active", due_date: null, start_date: null, expired: false, ...more });

describe("milestones API", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("group", "instance", { id: 9, full_path: "group", name: "group" });
    sim.addDocument("milestone", 42, milestone(3, 1, "9.0", { state: "closed", due_date: "2025-01-31", description: "Old version" }));
    sim.addDocument("milestone", 42, milestone(12, 3, "10.0", { due_date: "2025-06-30", description: "Version ten" }));
    sim.addDocument("milestone", 42, milestone(13, 4, "Backlog"));
    sim.addDocument("milestone", 42, milestone(14, 5, "10.1", { due_date: "2025-03-31" }));
    sim.addDocument("group_milestone", 9, { id: 40, iid: 3, group_id: 9, title: "Q3", state: "active" });
  });
  after(() => sim.close());

  const titles = async (path: string) => {
    const r = await call(sim, path);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    return (r.body as { title: string }[]).map((m) => m.title);
  };

  it("lists by due date, earliest first and undated last, with GitLab's pagination headers", async () => {
    assert.deepEqual(await titles("/projects/42/milestones"), ["9.0", "10.1", "10.0", "Backlog"]);
    const page = await call(sim, "/projects/group%2Fproject/milestones?per_page=2&page=2");
    assert.deepEqual((page.body as { title: string }[]).map((m) => m.title), ["10.0", "Backlog"]);
    assert.deepEqual(
      ["x-page", "x-per-page", "x-total", "x-total-pages", "x-next-page", "x-prev-page"].map((h) => page.headers.get(h)),
      ["2", "2", "4", "2", "", "1"],
    );
    assert.equal(links(page.headers.get("link")).prev, `${sim.url}/api/v4/projects/group%2Fproject/milestones?id=group%2Fproject&page=1&per_page=2&state=all`);
  });

  it("filters by iids[] (the IID, not the global ID), state, exact title and fuzzy search", async () => {
    assert.deepEqual(await titles("/projects/42/milestones?iids[]=3"), ["10.0"]);
    assert.deepEqual(await titles("/projects/42/milestones?iids%5B%5D=1&iids%5B%5D=5"), ["9.0", "10.1"]);
    assert.deepEqual(await titles("/projects/42/milestones?iids=3,4"), ["10.0", "Backlog"]);
    assert.deepEqual(await titles("/projects/42/milestones?iids[]=99"), []);
    assert.deepEqual(await titles("/projects/42/milestones?state=closed"), ["9.0"]);
    assert.deepEqual(await titles("/projects/42/milestones?state=active&iids[]=1"), []);
    assert.deepEqual(await titles("/projects/42/milestones?title=10.0"), ["10.0"]);
    assert.deepEqual(await titles("/projects/42/milestones?title=backlog"), []);
    assert.deepEqual(await titles("/projects/42/milestones?search=VERSION"), ["9.0", "10.0"]);
    assert.deepEqual(await titles("/projects/42/milestones?search=old+version"), ["9.0"]);
    assert.deepEqual(await titles("/groups/group/milestones?iids[]=3"), ["Q3"]);
  });

  it("answers 400 for an invalid filter and GitLab's 404 bodies", async () => {
    const cases: [string, number, unknown][] = [
      ["/projects/42/milestones?iids[]=x", 400, { error: "iids is invalid" }],
      ["/projects/42/milestones?state=opened", 400, { error: "state does not have a valid value" }],
      ["/projects/7/milestones?iids[]=3", 404, { message: "404 Project Not Found" }],
      ["/groups/nope/milestones?iids[]=3", 404, { message: "404 Group Not Found" }],
      ["/projects/42/milestones/99", 404, { message: "404 Not found" }],
      ["/groups/9/milestones/3", 404, { message: "404 Not found" }],
    ];
    for (const [path, status, body] of cases) {
      const r = await call(sim, path);
      assert.deepEqual([path, r.status, r.body], [path, status, body]);
    }
  });

  it("gets one milestone by its global ID", async () => {
    assert.equal((await call(sim, "/projects/42/milestones/12")).body.iid, 3);
    assert.equal((await call(sim, "/groups/9/milestones/40")).body.title, "Q3");
  });
});
