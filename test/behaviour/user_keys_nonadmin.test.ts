import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./user_keys_nonadmin.cases.js";

runBehaviourTable(table);
