// The retry policy's arithmetic (RES-2, RES-3) and what it retries (RES-1, RES-6, RES-7).
import assert from "node:assert/strict";
import { it } from "node:test";
import { GitLabHttpError, GitLabNetworkError } from "../../runtime/gitlab/errors.js";
import { backoffMs, requestedWaitMs, retryable } from "../../runtime/gitlab/retry.js";

it("full jitter: between 0 and min(8 s, 500 ms x 2^(n-1))", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, () => 0.999999)), [499, 999, 1999, 3999, 7999, 7999]);
  assert.equal(backoffMs(3, () => 0), 0);
});

it("Retry-After in seconds or as an HTTP date, else RateLimit-Reset", () => {
  const now = Date.parse("2026-12-02T12:00:00Z");
  assert.equal(requestedWaitMs(new Headers({ "retry-after": "7" }), now), 7000);
  assert.equal(requestedWaitMs(new Headers({ "retry-after": "Wed, 02 Dec 2026 12:00:30 GMT" }), now), 30000);
  assert.equal(requestedWaitMs(new Headers({ "ratelimit-reset": String(now / 1000 + 12) }), now), 12000);
  assert.equal(requestedWaitMs(new Headers(), now), undefined);
});

it("reads retry transient failures, writes only what never left", () => {
  const http = (s: number) => new GitLabHttpError(s, undefined, new Headers());
  const net = (kind: GitLabNetworkError["kind"], code: string) => new GitLabNetworkError(kind, "GET request", code);
  for (const s of [429, 500, 502, 503, 504]) {
    assert.equal(retryable(http(s), "read"), true, String(s));
    assert.equal(retryable(http(s), "write"), false, String(s));
  }
  for (const s of [400, 401, 403, 404, 409, 422]) assert.equal(retryable(http(s), "read"), false, String(s));
  assert.equal(retryable(net("network", "ECONNRESET"), "read"), true);
  assert.equal(retryable(net("network", "ECONNRESET"), "write"), false);
  assert.equal(retryable(net("refused", "ECONNREFUSED"), "write"), true);
  assert.equal(retryable(net("dns", "EAI_AGAIN"), "write"), true);
  assert.equal(retryable(net("dns", "ENOTFOUND"), "read"), false, "a permanent DNS failure is not retried");
  assert.equal(retryable(net("tls", "CERT_HAS_EXPIRED"), "read"), false);
});

it("Go durations (CFG-3)", async () => {
  const { parseDuration } = await import("../../runtime/config.js");
  assert.equal(parseDuration("65m"), 3_900_000);
  assert.equal(parseDuration("1h30m"), 5_400_000);
  assert.equal(parseDuration("500ms"), 500);
  assert.equal(parseDuration("1.5s"), 1500);
  assert.equal(parseDuration("15"), undefined);
  assert.equal(parseDuration("soon"), undefined);
  assert.equal(parseDuration("1m soon"), undefined);
});
