import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./mr_review.cases.js";

runBehaviourTable(table);
