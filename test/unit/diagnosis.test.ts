// Start-up diagnostics (issue 28): which failure of the first request says what, and which stops detection.
// The end-to-end cases (a closed port, a refused token, HTML, a foreign 404, TLS) are in
// test/e2e/startupDiagnostics.test.ts; these are the ones a test machine cannot stage cheaply.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GitLabHttpError, GitLabNetworkError, GitLabResponseError } from "../../runtime/gitlab/errors.js";
import { diagnoseStartup, loggableUrl } from "../../runtime/policy/diagnosis.js";

const headers = { get: () => null };
const URL_ = "https://user:secret@gitlab.corp.example/sub/?x=1";

const cases: [string, { given: unknown; want: RegExp | undefined; unreachable?: boolean }][] = [
  ["DNS", { given: new GitLabNetworkError("dns", "GET request", "ENOTFOUND"), want: /^GitLab's hostname could not be resolved \(DNS error\): check GITLAB_URL \(https:\/\/gitlab\.corp\.example\/sub\)$/, unreachable: true }],
  ["proxy", { given: new GitLabNetworkError("proxy", "GET request", "ECONNREFUSED"), want: /check HTTPS_PROXY and HTTP_PROXY, or list GitLab's host in NO_PROXY$/, unreachable: true }],
  ["timeout, retried", { given: new GitLabNetworkError("timeout", "GET request", "ETIMEDOUT"), want: /did not answer in time: check GITLAB_URL/, unreachable: false }],
  ["reset, retried", { given: new GitLabNetworkError("network", "GET request", "ECONNRESET"), want: /network error reaching GitLab .* \(ECONNRESET\)/, unreachable: false }],
  ["JSON that is not GitLab's", { given: new GitLabResponseError("invalid JSON"), want: /answered something that is not GitLab's API: check GITLAB_URL/, unreachable: true }],
  ["403 with GitLab's message", { given: new GitLabHttpError(403, { message: "403 Forbidden - Your account has been blocked." }, headers), want: /refused the token \(403 Forbidden: Your account has been blocked\.\): check GITLAB_TOKEN and its scopes/, unreachable: false }],
  ["GitLab's own 404 (an old GitLab without the route): SAF-29 alone", { given: new GitLabHttpError(404, { error: "404 Not Found" }, headers), want: undefined }],
  ["a 5xx GitLab may clear: SAF-29 alone", { given: new GitLabHttpError(503, { message: "503 Service Unavailable" }, headers), want: undefined }],
  ["429: SAF-29 alone", { given: new GitLabHttpError(429, {}, headers), want: undefined }],
  ["cancellation: nothing to explain", { given: new GitLabNetworkError("canceled", "GET request"), want: undefined }],
];

describe("diagnoseStartup (issue 28)", () => {
  for (const [name, { given, want, unreachable }] of cases) {
    it(name, () => {
      const d = diagnoseStartup(given, URL_);
      if (!want) return assert.equal(d, undefined);
      assert.match(d?.message ?? "", want);
      assert.equal(d?.unreachable, unreachable);
      assert.ok(!d?.message.includes("secret"), "credentials in GITLAB_URL are never logged");
    });
  }
  it("loggableUrl drops credentials, query and trailing slash", () => {
    assert.equal(loggableUrl(URL_), "https://gitlab.corp.example/sub");
    assert.equal(loggableUrl("not a url"), "GITLAB_URL");
  });
});
