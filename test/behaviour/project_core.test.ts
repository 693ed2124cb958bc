import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./project_core.cases.js";

runBehaviourTable(table);
