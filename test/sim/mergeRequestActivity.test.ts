// GitLab's human durations as the simulator reads and writes them (8h days, 5d weeks, 4w months).
import assert from "node:assert/strict";
import { it } from "node:test";
import { humanDuration, parseDuration } from "./restMergeRequestActivity.js";

it("reads GitLab's human durations", () => {
  assert.equal(parseDuration("3h30m"), 3.5 * 3600);
  assert.equal(parseDuration("1w 2d"), 7 * 8 * 3600);
  assert.equal(parseDuration("1mo"), 20 * 8 * 3600);
  assert.equal(parseDuration("1.5h"), 5400);
  assert.equal(parseDuration("-30m"), -1800);
  assert.equal(parseDuration("90"), undefined);
  assert.equal(parseDuration("three hours"), undefined);
});

it("writes the short human form, null for nothing", () => {
  assert.equal(humanDuration(3.5 * 3600), "3h 30m");
  assert.equal(humanDuration(9 * 3600), "1d 1h");
  assert.equal(humanDuration(0), null);
});
