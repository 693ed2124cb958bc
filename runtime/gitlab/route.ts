// A request's route is fixed by the catalog: no parameter value may change which GitLab endpoint is
// called. Each path value travels as exactly one URL segment (pathSegment), the values that can never
// name anything (`.`, `..`) are refused at validation (dotSegment), and every path is checked once more
// where every request is sent (assertRoute), so a procedure that builds a path by hand is held too.

/** Decodes a value once, as GitLab would (`group%2Fproject` and `group/project` are the same, CAT-16). */
export function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * One path parameter's value as exactly one URL segment: decoded once, then percent-encoded whole (a `/`
 * inside becomes `%2F`). A value of dots alone would be read as a dot segment and resolved away with
 * the segment before it, so its dots are sent as `%2E`, which GitLab reads as a dot.
 */
export function pathSegment(value: unknown): string {
  const encoded = encodeURIComponent(decodeOnce(String(value)));
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, "%2E") : encoded;
}

/** Whether a path value, as given, is `.` or `..` once decoded: it names no GitLab object, only a move along the route. */
export function dotSegment(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const plain = decodeOnce(value);
  return plain === "." || plain === "..";
}

/** A path that would not reach the route it was built for: a defect of this server, never sent. */
export class RouteError extends Error {
  constructor(readonly segment: string) {
    super(`refused to send a request whose path segment ${JSON.stringify(segment.slice(0, 40))} would change its route`);
    this.name = "RouteError";
  }
}

// `.` and `..` as URL parsers read them (WHATWG counts %2e, in either case, as a dot).
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Throws RouteError unless every segment of the path (relative to /api/v4) is a plain, non-empty segment. */
export function assertRoute(path: string): void {
  if (!path.startsWith("/")) throw new RouteError(path);
  for (const segment of path.slice(1).split("/")) {
    // `?`, `#` and `\` would end the path or be read as a separator; control characters split the request line.
    if (segment === "" || DOT_SEGMENT.test(segment) || /[?#\\\s\u0000-\u001f\u007f]/.test(segment)) throw new RouteError(segment);
  }
}
