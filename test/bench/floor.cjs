#!/usr/bin/env node
// The floor of start-up (issue 25): a bare Node process that speaks newline-delimited JSON-RPC on stdio
// and answers initialize and tools/list with fixed results. Spawned beside the server in one run, it
// measures what Node, the spawn and the pipes cost on this machine at this moment, so the server's
// start-up is budgeted as a ratio to it instead of in milliseconds that move with the machine's load.
"use strict";
let buffer = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    const msg = JSON.parse(line);
    if (msg.id === undefined) continue;
    const result =
      msg.method === "initialize" ? { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "floor", version: "1" } } : msg.method === "tools/list" ? { tools: [] } : {};
    process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result })}\n`);
  }
});
