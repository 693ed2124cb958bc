import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./snippet_notes.cases.js";

runBehaviourTable(table);
