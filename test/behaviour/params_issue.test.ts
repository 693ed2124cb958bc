import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./params_issue.cases.js";

runBehaviourTable(table);
