import { runBehaviourTable } from "../helpers/behaviour.js";
import { forbidden, withheld } from "./security_admin.cases.js";

runBehaviourTable(withheld);
runBehaviourTable(forbidden);
