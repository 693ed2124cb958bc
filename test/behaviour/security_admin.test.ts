import { runBehaviourTable } from "../helpers/behaviour.js";
import { table, withheld } from "./security_admin.cases.js";

runBehaviourTable(withheld);
runBehaviourTable(table);
