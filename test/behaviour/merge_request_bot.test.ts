import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./merge_request_bot.cases.js";

runBehaviourTable(table);
