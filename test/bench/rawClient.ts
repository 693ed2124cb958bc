// A minimal JSON-RPC client over a child's stdio, for the benchmark: it adds no schema compilation or
// validation of its own, so what it times is the server.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

/** The server as a child process, spoken to in newline-delimited JSON-RPC. */
export class RawClient {
  readonly child: ChildProcessWithoutNullStreams;
  readonly stderr: string[] = [];
  private next = 1;
  private buffer = "";
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(cli: string, env: Record<string, string>) {
    // Run the bin as an installed command runs it: through its shebang, with the Node flags it names.
    this.child = spawn(cli, [], { env: { PATH: process.env.PATH ?? "", ...env } });
    this.child.stderr.on("data", (c: Buffer) => this.stderr.push(c.toString()));
    this.child.stdout.on("data", (c: Buffer) => {
      this.buffer += c.toString();
      let nl: number;
      while ((nl = this.buffer.indexOf("\n")) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const msg = JSON.parse(line) as { id?: number; result?: unknown; error?: { message: string } };
        const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
        if (!p) continue;
        this.pending.delete(msg.id!);
        if (msg.error) p.reject(new Error(msg.error.message));
        else p.resolve(msg.result);
      }
    });
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  }

  notify(method: string): void {
    this.child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method }) + "\n");
  }

  /** A request of the 2026-07-28 era: no handshake, the version and client ride in each request's _meta. */
  modern<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const _meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    return this.request<T>(method, { ...params, _meta });
  }

  async initialize(): Promise<void> {
    await this.request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } });
    this.notify("notifications/initialized");
  }

  /** Peak resident set size of the server so far, in MiB (Linux VmHWM). */
  async peakRssMb(): Promise<number> {
    const { readFile } = await import("node:fs/promises");
    const status = await readFile(`/proc/${this.child.pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  }

  /** Resident set size of the server now, in MiB (Linux VmRSS). */
  async rssMb(): Promise<number> {
    const { readFile } = await import("node:fs/promises");
    const status = await readFile(`/proc/${this.child.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  }

  close(): void {
    this.child.kill();
  }
}
