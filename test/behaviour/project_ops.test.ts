import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./project_ops.cases.js";

runBehaviourTable(table);
