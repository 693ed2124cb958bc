import { runBehaviourTable } from "../helpers/behaviour.js";
import { table } from "./access_deploy_keys.cases.js";

runBehaviourTable(table);
