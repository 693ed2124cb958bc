// The five guides of §7.2: Markdown files of ours, read from disk the first time a client asks for one,
// so a start-up never reads them. The bundle ships them in dist/runtime/data/guides (codegen/bundle.ts);
// the compiled modules of the tests read them from the source tree.
import { readFile } from "node:fs/promises";
import { ResourceNotFoundError, type ReadResourceResult, type Resource } from "@modelcontextprotocol/server";

const GUIDES = [
  ["git-workflow", "Git workflow", "Branch, commit, open a merge request and merge, with the actions for each step."],
  ["merge-request-hygiene", "Merge request hygiene", "Size, title, description, metadata and merge checks of a good merge request."],
  ["conventional-commits", "Conventional commits", "The commit message format, its types, and how to commit and write release notes with it."],
  ["code-review", "Code review", "Gathering the facts of a merge request, what to look for, and how to comment and approve."],
  ["pipeline-troubleshooting", "Pipeline troubleshooting", "From a failed pipeline to its failing job, its log, the usual causes, and a rerun."],
] as const;

export const GUIDE_PREFIX = "gitlab://guides/";

/** resources/list entries of the guides. */
export const guideResources: readonly Resource[] = GUIDES.map(([slug, title, description]) => ({
  uri: `${GUIDE_PREFIX}${slug}`,
  name: `guide_${slug.replace(/-/g, "_")}`,
  title: `Guide: ${title}`,
  description,
  mimeType: "text/markdown",
}));

/** The guides' slugs, for tests. */
export const GUIDE_SLUGS: readonly string[] = GUIDES.map(([slug]) => slug);

/** Where the guides may be: beside the bundle, or in the source tree next to the compiled module. */
const PLACES = ["./data/guides/", "../../../runtime/resources/guides/"];

const cache = new Map<string, Promise<string>>();

async function guideText(slug: string): Promise<string> {
  for (const place of PLACES) {
    try {
      return await readFile(new URL(`${place}${slug}.md`, import.meta.url), "utf8");
    } catch {
      // Not in this place: try the next.
    }
  }
  throw new Error(`guide ${slug} is missing from the installation`);
}

/** resources/read of gitlab://guides/<slug>; resource-not-found for any other slug. */
export async function readGuide(uri: string): Promise<ReadResourceResult> {
  const slug = uri.slice(GUIDE_PREFIX.length);
  if (!GUIDE_SLUGS.includes(slug)) throw new ResourceNotFoundError(uri);
  let text = cache.get(slug);
  if (!text) {
    text = guideText(slug);
    cache.set(slug, text);
    text.catch(() => cache.delete(slug));
  }
  return { contents: [{ uri, mimeType: "text/markdown", text: await text }] };
}
