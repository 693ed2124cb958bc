import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./links.cases.js";

runBehaviourTable(table);
