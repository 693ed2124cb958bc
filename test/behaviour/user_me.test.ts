import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./user_me.cases.js";

runBehaviourTable(table);
