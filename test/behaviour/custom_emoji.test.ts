import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./custom_emoji.cases.js";

runBehaviourTable(table);
