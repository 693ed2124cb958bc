import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./group_planning.cases.js";

runBehaviourTable(table);
