// Commits as the API presents them (API::Entities::Commit fields), generated
// deterministically from a seed so demo data is stable across runs.
import { createHash } from "node:crypto";

export interface SimCommit {
  id: string;
  short_id: string;
  created_at: string;
  parent_ids: string[];
  title: string;
  message: string;
  author_name: string;
  author_email: string;
  authored_date: string;
  committer_name: string;
  committer_email: string;
  committed_date: string;
  trailers: Record<string, string>;
  extended_trailers: Record<string, string[]>;
}

/** Commit dates as Gitaly reports them, with an explicit offset. */
export function commitTime(d: Date): string {
  return d.toISOString().replace("Z", "+00:00");
}

export function makeCommit(seed: string, at: Date, partial: Partial<SimCommit> = {}): SimCommit {
  const id = partial.id ?? createHash("sha1").update(seed).digest("hex");
  const parent = createHash("sha1").update(`parent:${seed}`).digest("hex");
  const message = partial.message ?? partial.title ?? `Update ${seed}`;
  const when = commitTime(at);
  return {
    id,
    short_id: partial.short_id ?? id.slice(0, 8),
    created_at: partial.created_at ?? partial.committed_date ?? when,
    parent_ids: partial.parent_ids ?? [parent],
    title: partial.title ?? message.split("\n")[0],
    message,
    author_name: partial.author_name ?? "Sim Developer",
    author_email: partial.author_email ?? "developer@example.com",
    authored_date: partial.authored_date ?? when,
    committer_name: partial.committer_name ?? "Sim Developer",
    committer_email: partial.committer_email ?? "developer@example.com",
    committed_date: partial.committed_date ?? when,
    trailers: partial.trailers ?? {},
    extended_trailers: partial.extended_trailers ?? {},
  };
}
