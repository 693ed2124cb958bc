import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./epics.cases.js";

runBehaviourTable(table);
