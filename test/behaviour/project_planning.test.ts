import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./project_planning.cases.js";

runBehaviourTable(table);
