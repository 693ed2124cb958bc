import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./security.cases.js";

runBehaviourTable(table);
