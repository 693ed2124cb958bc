// What a successful GitLab answer must be before it is shown as a success: a list for a list action, an
// object carrying the fields GitLab always sends for an object action. Anything else (an empty body, a
// bare string, a list for an object) is an error result that names what came (ERR-1), never an empty
// card whose structuredContent would fail the tool's own output schema. Beyond those fields nothing is
// checked: missing, null and extra fields are GitLab's to send (RES-34).
import type { ActionRecord } from "./catalog/types.js";
import { listedOutputSchemas } from "../generated/index.js";
import { UnexpectedAnswerError } from "./gitlab/errors.js";
import type { HeaderReader } from "./gitlab/transport.js";

interface Answered {
  readonly status: number;
  readonly headers: HeaderReader;
  readonly body?: unknown;
}

/** The body in words, for the error: "an empty body", "a string", "a list", "null". */
function described(body: unknown): string {
  if (body === undefined || body === "") return "an empty body";
  if (body === null) return "null";
  if (Array.isArray(body)) return "a list";
  if (typeof body === "string") return "a string";
  return typeof body === "object" ? "an object" : `a ${typeof body}`;
}

const contentType = (a: Answered) => (a.headers.get("content-type") ?? "").split(";")[0].trim();

/** The items of a list answer, each an object; throws UnexpectedAnswerError otherwise. */
export function expectList(answer: Answered): unknown[] {
  const body = answer.body;
  if (!Array.isArray(body)) throw new UnexpectedAnswerError(answer.status, contentType(answer), described(body), "a list");
  const odd = body.find((item) => !item || typeof item !== "object" || Array.isArray(item));
  if (odd !== undefined) throw new UnexpectedAnswerError(answer.status, contentType(answer), `a list holding ${described(odd)}`, "a list of objects");
  return body;
}

/** The object of an object answer, with the fields the action's output schema requires; throws UnexpectedAnswerError otherwise. */
export function expectObject(action: ActionRecord, body: unknown, answer: Answered): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new UnexpectedAnswerError(answer.status, contentType(answer), described(body), "an object");
  const required = (listedOutputSchemas[action.id] as { required?: readonly string[] } | undefined)?.required ?? [];
  const missing = required.filter((f) => f !== "next_steps" && f !== "truncation" && (body as Record<string, unknown>)[f] === undefined);
  if (missing.length > 0) throw new UnexpectedAnswerError(answer.status, contentType(answer), `an object without ${missing.join(", ")}`, `${action.output.type ? `a ${action.output.type}` : "an object"}`);
  return body as Record<string, unknown>;
}
