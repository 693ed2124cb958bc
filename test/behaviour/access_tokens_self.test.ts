import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./access_tokens_self.cases.js";

runBehaviourTable(table);
