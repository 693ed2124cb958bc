import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./project_alias.cases.js";

runBehaviourTable(table);
