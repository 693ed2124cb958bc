import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./user_keys.cases.js";

runBehaviourTable(table);
