// Turns a failed GitLab request into the error text of BEHAVIOR §5: `<id>: <classification>
// [ (<GitLab message>)][. Suggestion: <hint>]`, with no URL, token or bare status code in it (ERR-4).
import { redact } from "../log.js";
import { RouteError } from "./route.js";
import type { HeaderReader } from "./transport.js";

/** A GitLab HTTP failure. */
export class GitLabHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: HeaderReader,
    readonly graphql = false,
  ) {
    super(`GitLab answered ${status}`);
  }
}

/** A failure before or without an HTTP status (network, timeout, cancellation). */
export class GitLabNetworkError extends Error {
  constructor(
    readonly kind: "canceled" | "deadline" | "refused" | "dns" | "timeout" | "tls" | "proxy" | "network",
    readonly operation: string,
    /** The socket error code (ECONNREFUSED, EAI_AGAIN, ECONNRESET...), when there was one. */
    readonly code = "",
  ) {
    super(kind);
  }
}

/** GraphQL answered errors[] (ERR-18). */
export class GitLabGraphqlError extends Error {
  constructor(readonly messages: string[]) {
    super(messages[0] ?? "GraphQL error");
  }
}

/** GitLab's answer could not be read (ERR-11). */
export class GitLabResponseError extends Error {}

/** An HTML page where the API should answer: a proxy or sign-in page in the way, or not GitLab at all (ERR-10). */
export class NotTheApiError extends GitLabResponseError {}

/**
 * A successful status whose body is not what the action describes (an empty body, a bare string, a
 * list where one object was expected, an object without the fields GitLab always sends): never shown
 * as a success, whose structuredContent would fail the tool's own output schema.
 */
export class UnexpectedAnswerError extends GitLabResponseError {
  constructor(
    readonly status: number,
    readonly contentType: string,
    /** What came, in words: "an empty body", "a string", "an object without name". */
    readonly got: string,
    /** What the action describes: "a list", "an object". */
    readonly expected: string,
  ) {
    super(`GitLab answered ${got} where ${expected} was expected`);
    this.name = "UnexpectedAnswerError";
  }
}

const STATUS: Record<number, string> = {
  400: "bad request: check your input parameters",
  401: "unauthorized: either the token (GITLAB_TOKEN) is invalid or expired, or it is valid and lacks a permission this action needs, since some GitLab endpoints answer a missing permission with 401 rather than 403. If the token works for other calls, treat this as a permission refusal",
  403: "access denied: your token lacks the required permissions. This can mean: (1) missing API scope on the token, (2) insufficient project role (some operations require Maintainer or Owner), or (3) the feature is restricted by instance admin settings",
  404: "not found: the requested resource does not exist, you lack access, or the feature requires a higher GitLab tier. Verify the ID/path is correct",
  407: "proxy authentication required: the proxy in HTTPS_PROXY or HTTP_PROXY refused the request. Check the credentials in its URL, or list GitLab's host in NO_PROXY",
  405: "method not allowed: the action cannot be performed on this resource in its current state",
  409: "conflict: the resource already exists or there is a state conflict",
  422: "validation failed: GitLab rejected the request due to invalid data",
  429: "rate limited: too many requests, please wait before retrying",
  500: "GitLab internal server error: the server encountered an unexpected condition",
  502: "GitLab is temporarily unavailable (bad gateway): try again shortly",
  503: "GitLab is under maintenance or overloaded (service unavailable): try again shortly",
};
const INVALID_TOKEN =
  "authentication failed: GitLab rejected the token (GITLAB_TOKEN) itself as invalid, expired, revoked or without the api or read_api scope, so renew or replace it";

const NETWORK: Record<GitLabNetworkError["kind"], string> = {
  canceled: "the request was canceled by the client",
  deadline: "the request exceeded its deadline and was canceled",
  refused: "GitLab server is unreachable (connection refused). Check GITLAB_URL and whether the server is running",
  dns: "GitLab server hostname could not be resolved (DNS error). Check GITLAB_URL",
  timeout: "Request to GitLab timed out. The server may be overloaded or unreachable",
  // ERR-9: the wire sentence, then the safer way.
  tls: "TLS/SSL handshake failed. If using self-signed certificates, set GITLAB_MCP_SKIP_TLS_VERIFY=true. Better, trust your certificate authority with GITLAB_MCP_CA_FILE",
  proxy: "the proxy could not be reached: check HTTPS_PROXY and HTTP_PROXY, or list GitLab's host in NO_PROXY",
  network: "network error reaching GitLab",
};

/** GitLab's own message (ERR-12): only from message/error/error_description, flattened, one line, capped. */
export function gitlabMessage(body: unknown, status: number): string | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const keys = Object.keys(body);
  if (keys.length === 0 || !keys.every((k) => ["message", "error", "error_description"].includes(k))) return undefined;
  const parts = keys.map((k) => flatten((body as Record<string, unknown>)[k])).filter((s) => s.length > 0);
  // "404 Branch Not Found": the status number goes (no bare status codes, ERR-21), a bare reason phrase too.
  let text = parts.join("; ").replace(/\s+/g, " ").trim().replace(new RegExp(`^${status}\\s+`), "");
  if (/^(Bad Request|Unauthorized|Forbidden|Not Found|Method Not Allowed|Conflict|Unprocessable Entity|Too Many Requests|Internal Server Error|Bad Gateway|Service Unavailable)$/i.test(text)) return undefined;
  text = redact(text).replace(/https?:\/\/\S+/g, "[url]");
  if (Buffer.byteLength(text) > 2048) text = Buffer.from(text).subarray(0, 2045).toString("utf8").replace(/\uFFFD$/, "") + "...";
  return text.length > 0 ? text : undefined;
}

function flatten(v: unknown): string {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(flatten).join(", ");
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => `${k}: ${flatten(x)}`).join("; ");
  return v === undefined || v === null ? "" : String(v);
}

/**
 * SAF-40: GitLab's own refusal of a fine-grained token, in GitLab's words, without the role hints of the
 * generic 403 sentence (a role does not help a token that lacks a permission). The caller adds advice.
 */
export function granularErrorText(id: string, err: GitLabHttpError | GitLabGraphqlError, classic = false): string {
  const quote = err instanceof GitLabHttpError ? gitlabMessage(err.body, err.status) : redact(err.messages[0]).replace(/https?:\/\/\S+/g, "[url]");
  const whom = classic ? "this token, asking for a fine-grained personal access token" : "the fine-grained personal access token";
  return `${id}: access denied: GitLab refused ${whom}${quote ? ` (${quote})` : ""}.`;
}

/** The error text of a failed call (ERR-4, ERR-13): reads quote GitLab only for 400, 403 and 422. */
export function errorText(id: string, err: unknown, mutating: boolean): string {
  if (err instanceof GitLabHttpError) {
    const body = err.body as Record<string, unknown> | undefined;
    const invalidToken = err.status === 401 && (err.graphql || JSON.stringify(body ?? "").includes("invalid_token"));
    const sentence = invalidToken ? INVALID_TOKEN : (STATUS[err.status] ?? `GitLab returned HTTP ${err.status}`);
    const quote = mutating || [400, 403, 422].includes(err.status) ? gitlabMessage(body, err.status) : undefined;
    let text = `${id}: ${sentence}${quote ? ` (${quote})` : ""}`;
    if (err.status === 403 && body?.error === "insufficient_scope" && typeof body.scope === "string") {
      text += `. The token needs the ${body.scope.split(" ")[0]} scope for this action.`;
    }
    if (err.status === 429) {
      const wait = requestedWaitMs(err.headers);
      if (wait !== undefined && wait > 0) text += `. Retry after ${Math.ceil(wait / 1000)} s.`;
    }
    return text;
  }
  if (err instanceof GitLabNetworkError) {
    return `${id}: ${err.kind === "network" ? `${NETWORK.network} (${err.operation})` : NETWORK[err.kind]}`;
  }
  if (err instanceof GitLabGraphqlError) {
    const more = err.messages.length > 1 ? ` (and ${err.messages.length - 1} more error${err.messages.length > 2 ? "s" : ""})` : "";
    return `${id}: ${redact(err.messages[0]).replace(/https?:\/\/\S+/g, "[url]")}${more}`;
  }
  if (err instanceof NotTheApiError) {
    return `${id}: an HTML page answered instead of GitLab's API: a proxy or sign-in page may be in the way (check HTTPS_PROXY and NO_PROXY), or GITLAB_URL does not point at GitLab`;
  }
  if (err instanceof UnexpectedAnswerError) {
    const what = `${id}: GitLab answered something unexpected: HTTP ${err.status} (${err.contentType || "no content type"}) with ${err.got}, where ${err.expected} was expected`;
    // A write GitLab accepted may have been made: say so, so it is read back rather than repeated.
    return mutating ? `${what}. The change may have been made: read it back before trying again` : `${what}. Check that GITLAB_URL points at GitLab, or retry later`;
  }
  if (err instanceof RouteError) return `${id}: ${err.message}; nothing was sent to GitLab`;
  if (err instanceof GitLabResponseError) return `${id}: GitLab answered with a response this server could not read`;
  return `${id}: unexpected error`;
}

/** The wait GitLab asked for, from Retry-After (seconds or HTTP date) or RateLimit-Reset (epoch seconds). */
export function requestedWaitMs(headers: HeaderReader, now = Date.now()): number | undefined {
  const after = headers.get("retry-after");
  if (after) {
    if (/^\d+$/.test(after.trim())) return Number(after) * 1000;
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = headers.get("ratelimit-reset");
  if (reset && /^\d+$/.test(reset.trim())) return Math.max(0, Number(reset) * 1000 - now);
  return undefined;
}
