import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./ci_catalog.cases.js";

runBehaviourTable(table);
