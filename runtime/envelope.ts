// JSON-RPC requests whose `params` is not an object (an array, a string, null): the SDK's message schema
// rejects them before any handler runs and drops them after a log line, so the client would wait for an
// answer forever. Both transports answer them here instead, with -32602 and a sentence (§5.10), in
// either protocol era; every other message goes on to the SDK untouched.
import { StringDecoder } from "node:string_decoder";
import { Transform, type Readable } from "node:stream";

/** The error answer for a request whose params are not an object, or undefined when the message is fine. */
export function malformedParamsAnswer(message: unknown): { jsonrpc: "2.0"; id: string | number; error: { code: number; message: string } } | undefined {
  if (!message || typeof message !== "object" || Array.isArray(message)) return undefined;
  const m = message as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof m.method !== "string" || !(typeof m.id === "string" || typeof m.id === "number") || !("params" in m)) return undefined;
  const p = m.params;
  if (p !== undefined && p !== null && typeof p === "object" && !Array.isArray(p)) return undefined;
  const got = p === null ? "null" : Array.isArray(p) ? "an array" : `a ${typeof p}`;
  return { jsonrpc: "2.0", id: m.id, error: { code: -32602, message: `Invalid params: ${m.method} takes params as a JSON object, not ${got}.` } };
}

// A request line can only be malformed this way when its params begin with something else than `{`.
const SUSPECT = /"params"\s*:\s*[^\s{]/;

/**
 * stdin as the stdio transport reads it, less the malformed requests, which are answered on `reply`
 * (the same wire the transport writes to). Lines are checked whole; a line that is not JSON goes on, so
 * the SDK answers it as it always has.
 */
export function screenedStdin(stdin: Readable, reply: (line: string) => void): Readable {
  const screen = (line: string): string | undefined => {
    if (!SUSPECT.test(line)) return line;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return line;
    }
    const answer = malformedParamsAnswer(parsed);
    if (!answer) return line;
    reply(`${JSON.stringify(answer)}\n`);
    return undefined;
  };
  // Lines are cut where a newline arrives: a long message in many chunks is joined once, not rescanned.
  const decoder = new StringDecoder("utf8");
  let pending: string[] = [];
  const filter = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      let text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      const out: string[] = [];
      for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n")) {
        const line = screen(pending.join("") + text.slice(0, nl));
        pending = [];
        if (line !== undefined) out.push(line, "\n");
        text = text.slice(nl + 1);
      }
      if (text) pending.push(text);
      done(null, out.length > 0 ? out.join("") : undefined);
    },
    flush(done) {
      const last = pending.length > 0 ? screen(pending.join("") + decoder.end()) : undefined;
      done(null, last);
    },
  });
  stdin.on("error", (e) => filter.destroy(e));
  return stdin.pipe(filter);
}
