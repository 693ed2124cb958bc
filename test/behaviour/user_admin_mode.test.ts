import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./user_admin_mode.cases.js";

runBehaviourTable(table);
