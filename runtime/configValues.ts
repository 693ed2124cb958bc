// Durations and sizes as the configuration writes them (CFG-5): `90s`, `15m`, `64KB`.
const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, "µs": 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** CFG-3: a Go duration (`500ms`, `90s`, `1h30m`) in milliseconds, or undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== text.trim()) return undefined;
  return parts.reduce((ms, [, n, unit]) => ms + Number(n) * UNITS[unit], 0);
}

/** CFG-4: bytes, or a number with KB, MB, GB or TB (1024-based, any case); undefined when it is not one. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+)\s*(kb|mb|gb|tb)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = { kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 }[(m[2] ?? "").toLowerCase() as "kb"] ?? 1;
  return Number(m[1]) * unit;
}
