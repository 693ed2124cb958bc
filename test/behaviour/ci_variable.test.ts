import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./ci_variable.cases.js";

runBehaviourTable(table);
