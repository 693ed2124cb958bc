import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./mr_review_large.cases.js";

runBehaviourTable(table);
