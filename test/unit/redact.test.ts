// The ERR-20 safety net every result and log line passes through: the cheap test and the redaction.
import assert from "node:assert/strict";
import { it } from "node:test";
import { mayCarrySecret, redact, registerSecret } from "../../runtime/log.js";

it("finds credential headers and parameters in any case, and registered tokens", () => {
  for (const text of ["curl -H 'Authorization: Bearer abc'", "AUTHORIZATION: x", "authorization:y", "Private-Token: glpat-1", "PRIVATE-TOKEN:z", "?private_token=abc", "?PRIVATE_TOKEN=abc"]) {
    assert.equal(mayCarrySecret(`${"x".repeat(5000)} ${text} ${"y".repeat(5000)}`), true, text);
  }
  registerSecret("glpat-registered-secret");
  assert.equal(mayCarrySecret('{"note":"my token is glpat-registered-secret"}'), true);
  for (const text of ['{"description":"version: 2","token":"none"}', "Description: the session token expires", "authorization pending", "private token", ""]) {
    assert.equal(mayCarrySecret(text), false, text);
  }
});

it("redacts what it finds and leaves the rest", () => {
  registerSecret("glpat-registered-secret");
  assert.equal(redact("a glpat-registered-secret b"), "a [REDACTED] b");
  assert.equal(redact("authorization: Bearer abc123 next"), "authorization: Bearer [REDACTED] next");
  assert.equal(redact("PRIVATE-TOKEN: xyz, other"), "PRIVATE-TOKEN: [REDACTED], other");
  assert.equal(redact("url?private_token=s3cret&x=1"), "url?private_token=[REDACTED]&x=1");
});
