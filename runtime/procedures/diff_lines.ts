// Reading a unified diff's hunks to place a line: which old line a new line was (and back), and whether
// the line was added, removed or left unchanged. GitLab wants both lines for an unchanged line, only the
// new one for an added line and only the old one for a removed line; anything else is its 400 line_code.

export interface PlacedLine {
  readonly old_line?: number;
  readonly new_line?: number;
}

/**
 * Places `line` of the `side` file in `diff` (a file's diff text, hunks starting at `@@`). Lines outside
 * every hunk are unchanged, shifted by what the hunks before them added or removed.
 */
export function placeLine(diff: string, side: "old" | "new", line: number): PlacedLine {
  let oldNo = 0;
  let newNo = 0;
  // Lines of the other side minus this side, after the last line walked: the shift of unchanged lines.
  let shift = 0;
  let inHunk = false;
  for (const text of diff.replace(/\r\n?/g, "\n").split("\n")) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (header) {
      const [o, n] = [Number(header[1]), Number(header[2])];
      // Before this hunk, lines are unchanged.
      const here = side === "old" ? o : n;
      if (line < here) break;
      oldNo = o - 1;
      newNo = n - 1;
      shift = side === "old" ? n - o : o - n;
      inHunk = true;
      continue;
    }
    if (!inHunk || text.startsWith("\\")) continue;
    const mark = text[0];
    if (mark === "+") {
      newNo++;
      if (side === "new" && newNo === line) return { new_line: line };
    } else if (mark === "-") {
      oldNo++;
      if (side === "old" && oldNo === line) return { old_line: line };
    } else if (mark === " ") {
      oldNo++;
      newNo++;
      if (side === "new" && newNo === line) return { old_line: oldNo, new_line: line };
      if (side === "old" && oldNo === line) return { old_line: line, new_line: newNo };
    }
    shift = side === "old" ? newNo - oldNo : oldNo - newNo;
  }
  return side === "new" ? { old_line: line + shift, new_line: line } : { old_line: line, new_line: line + shift };
}
