import { actions } from "../../generated/index.js";
import { findActions, finderEngine } from "../../runtime/finder.js";
const e = await finderEngine();
for (const q of process.argv.slice(2)) {
  console.log(q, JSON.stringify(e.analyze(q)));
  const r = await findActions(q, actions);
  for (const h of r.hits.slice(0, 5)) console.log("  ", h.action.id, h.score, h.action.classification, JSON.stringify(h.reasons.map(x=>x.field+":"+x.query_term)), h.reasons[0]?.score);
}
