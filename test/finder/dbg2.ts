import { actions } from "../../generated/index.js";
import { findActions, finderEngine } from "../../runtime/finder.js";
const e = await finderEngine();
const qs = ["create a new group called data-team","list subgroups of acme","delete group old-team","retyr the jbo","show closed issues of project 42","マージリクエストの一覧"];
for (let k=0;k<3;k++){ let t=performance.now(); for (let i=0;i<50;i++) for (const q of qs) e.analyze(q); const a=(performance.now()-t)/300;
t=performance.now(); for (let i=0;i<50;i++) for (const q of qs) await findActions(q, actions); const b=(performance.now()-t)/300; console.log("analyze", a.toFixed(3), "find", b.toFixed(3)); }
import MiniSearch from "minisearch";
import { finderIndex } from "../../generated/finder-index.js";
import { indexOptions, BOOSTS } from "../../runtime/finder/fields.js";
const ms = MiniSearch.loadJSON(finderIndex, indexOptions);
const qq = qs.map(q=>e.analyze(q));
for (const fz of [false, true]) { const t=performance.now(); let n=0; for (let i=0;i<50;i++) for (const a of qq) n+=ms.search([...new Set(a.terms)].join(" "), {boost: BOOSTS, combineWith:"OR", fuzzy: fz ? (x)=>(a.loose.has(x)&&x.length>=4? 1:false) : false, prefix: (x)=>a.loose.has(x)&&x.length>=4}).length; console.log("search fuzzy", fz, ((performance.now()-t)/300).toFixed(3), n/300); }
let t=performance.now(); for (let i=0;i<5;i++) MiniSearch.loadJSON(finderIndex, indexOptions); console.log("load", ((performance.now()-t)/5).toFixed(1), "ms", finderIndex.length);
