import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./repository_diffs.cases.js";

runBehaviourTable(table);
