import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./access_tokens.cases.js";

runBehaviourTable(table);
