import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./tag.cases.js";

runBehaviourTable(table);
