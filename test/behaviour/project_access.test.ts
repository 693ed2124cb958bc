import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./project_access.cases.js";

runBehaviourTable(table);
