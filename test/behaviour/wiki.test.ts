import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./wiki.cases.js";

runBehaviourTable(table);
