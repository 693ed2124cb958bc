import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./user_admin.cases.js";

runBehaviourTable(table);
