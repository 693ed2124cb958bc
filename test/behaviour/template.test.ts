import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./template.cases.js";

runBehaviourTable(table);
