import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./group_core.cases.js";

runBehaviourTable(table);
