// JSON-lines logging to stderr only: on stdio, stdout is the MCP wire (CFG-13). Every line passes the
// credential redaction of ERR-20 before it is written.

export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const secrets = new Set<string>();
/** HTTP mode registers one credential per client: keep the most recent ones, not every one ever seen. */
const MAX_SECRETS = 1000;

/** Registers a credential so that no output, log line or error text can carry it (ERR-20). */
export function registerSecret(secret: string | undefined): void {
  if (!secret || secret.length < 4) return;
  secrets.delete(secret);
  secrets.add(secret);
  if (secrets.size > MAX_SECRETS) secrets.delete(secrets.values().next().value!);
}

/** A cheap test before redact(): does the text hold a registered credential or a credential header? */
export function mayCarrySecret(text: string): boolean {
  for (const s of secrets) if (text.includes(s)) return true;
  // Every result passes here (ERR-20): a scan for the words' endings in any case first, which a large
  // page rarely matches and which costs half the case-insensitive alternation it guards.
  return /[Tt][Oo][Kk][Ee][Nn][=:]|[Ii][Oo][Nn]:/.test(text) && /private_token=|PRIVATE-TOKEN:|Authorization:/i.test(text);
}

/** Replaces registered credentials and credential-looking header values with [REDACTED]. */
export function redact(text: string): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join("[REDACTED]");
  return out
    .replace(/(private_token=)[^&\s"']+/gi, "$1[REDACTED]")
    .replace(/(PRIVATE-TOKEN:\s*)[^\s"',]+/gi, "$1[REDACTED]")
    .replace(/(Authorization:\s*(?:Bearer\s+)?)[^\s"',]+/gi, "$1[REDACTED]");
}

/** A small structured logger writing one JSON object per line to stderr. */
export class Logger {
  constructor(private readonly level: LogLevel = "info") {}

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.write("debug", msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.write("info", msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.write("warn", msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.write("error", msg, fields);
  }

  private write(level: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (ORDER[level] < ORDER[this.level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
    process.stderr.write(redact(line) + "\n");
  }
}

/** A value with every string redacted: always valid JSON again, whatever the credential sat next to. */
export function redactDeep(value: unknown): unknown {
  if (typeof value === "string") return mayCarrySecret(value) ? redact(value) : value;
  if (Array.isArray(value)) return value.map(redactDeep);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactDeep(v)]));
  return value;
}
