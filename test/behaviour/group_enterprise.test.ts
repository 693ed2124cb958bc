import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./group_enterprise.cases.js";

runBehaviourTable(table);
