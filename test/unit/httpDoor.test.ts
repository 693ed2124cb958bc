// What the HTTP door reads before a session exists, on a fake clock where time matters: the failure
// budgets (HTTP-22, HTTP-23), the client address behind trusted proxies (HTTP-24) and the choice of
// instance (HTTP-15, HTTP-16).
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { it } from "node:test";
import { MemoryAuthBudget } from "../../runtime/http/authBudget.js";
import { canonicalInstance, clientAddress, selectInstance } from "../../runtime/http/request.js";

const budget = (failureLimit = 3, distinctLimit = 50) => {
  const clock = { now: 0 };
  return { clock, b: new MemoryAuthBudget({ failureLimit, failureWindowMs: 60_000, distinctLimit, distinctWindowMs: 600_000 }, () => clock.now) };
};

it("an address may be refused LIMIT times per window; then it is blocked until the window ends", async () => {
  const { b, clock } = budget(3);
  for (let i = 0; i < 3; i++) {
    assert.equal(await b.blockedFor("10.0.0.1"), 0);
    await b.refused("10.0.0.1", "same");
  }
  clock.now = 20_000;
  assert.equal(await b.blockedFor("10.0.0.1"), 40_000, "blocked for the rest of the window");
  assert.equal(await b.blockedFor("10.0.0.2"), 0, "another address is not");
  clock.now = 60_000;
  assert.equal(await b.blockedFor("10.0.0.1"), 0, "a new window");
});

it("distinct refused credentials block for 1 minute, then 10, then 60", async () => {
  const { b, clock } = budget(1_000, 5);
  for (const expected of [60_000, 600_000, 3_600_000, 3_600_000]) {
    for (let i = 0; i < 4; i++) await b.refused("10.0.0.1", `cred-${clock.now}-${i}`);
    assert.equal(await b.blockedFor("10.0.0.1"), 0, "four distinct are allowed");
    await b.refused("10.0.0.1", `cred-${clock.now}-4`);
    assert.equal(await b.blockedFor("10.0.0.1"), expected);
    clock.now += expected;
  }
});

it("the same credential refused again and again counts once against the distinct budget", async () => {
  const { b } = budget(1_000, 2);
  for (let i = 0; i < 10; i++) await b.refused("10.0.0.1", "same");
  assert.equal(await b.blockedFor("10.0.0.1"), 0);
});

const request = (peer: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

it("the client address is the peer unless the peer is a trusted proxy; then the header is read from the right", () => {
  const trusted = new Set(["10.0.0.5", "10.0.0.6"]);
  const xff = { "x-forwarded-for": "203.0.113.9, 198.51.100.7, 10.0.0.6" };
  assert.equal(clientAddress(request("::ffff:192.0.2.1", xff), trusted, "x-forwarded-for"), "192.0.2.1", "untrusted peer: its header is ignored");
  assert.equal(clientAddress(request("10.0.0.5", xff), trusted, "x-forwarded-for"), "198.51.100.7", "the first untrusted hop from the right");
  assert.equal(clientAddress(request("10.0.0.5", xff), trusted, undefined), "10.0.0.5", "no header configured");
  assert.equal(clientAddress(request("10.0.0.5"), trusted, "x-forwarded-for"), "10.0.0.5");
});

it("instance URLs compare canonically", () => {
  for (const form of ["HTTPS://GitLab.Example.com:443/", "https://gitlab.example.com/api/v4", "https://gitlab.example.com/api/v4/", "https://gitlab.example.com"]) {
    assert.equal(canonicalInstance(form), "https://gitlab.example.com", form);
  }
  assert.equal(canonicalInstance("http://Host:8080/sub/path/"), "http://host:8080/sub/path", "sub-path kept, explicit port kept");
  assert.equal(canonicalInstance("ftp://host"), undefined);
  assert.equal(canonicalInstance("not a url"), undefined);
});

it("GITLAB-URL: ignored with one instance, required and checked with several", () => {
  const one = ["https://a.example.com"];
  const two = ["https://a.example.com", "https://b.example.com/gitlab"];
  const req = (header?: string) => ({ headers: header === undefined ? {} : { "gitlab-url": header } }) as unknown as IncomingMessage;
  assert.deepEqual(selectInstance(req("https://elsewhere.example"), one), { instance: one[0], ignoredHeader: true });
  assert.deepEqual(selectInstance(req(), one), { instance: one[0], ignoredHeader: false });
  assert.match((selectInstance(req(), two) as { refusal: string }).refusal, /^GITLAB-URL header required/);
  assert.match((selectInstance(req("https://c.example.com"), two) as { refusal: string }).refusal, /does not publish/);
  assert.deepEqual(selectInstance(req("HTTPS://B.example.com/gitlab/api/v4"), two), { instance: two[1], ignoredHeader: false });
});
