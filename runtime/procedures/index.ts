// Runtime procedures: the few actions one plain request cannot serve (a job log read as a window while
// it streams, a wait that polls, a diff note whose position comes from the latest version). The catalog
// names one with `request.rest.procedure: <name>`; codegen checks runtime/procedures/<name>.ts exists.
// A procedure still goes through executeAction (validation, gates, errors, embedded resources) and
// still writes with the one writer: it only decides what to send and what to hand the writer.
import type { Procedure } from "./types.js";

export type { Procedure, ProcedureCall } from "./types.js";
import { ciVariableSecret } from "./ci_variable_secret.js";
import { releaseLinkBatch } from "./release_link_batch.js";
import { pipelineLatest } from "./pipeline_latest.js";
import { testReport } from "./test_report.js";
import { triggerRun } from "./trigger_run.js";
import { triggerToken } from "./trigger_token.js";
import { diffPage } from "./diff_page.js";
import { diffPosition } from "./diff_position.js";
import { rawDiff } from "./raw_diff.js";
import { mrApprovalState } from "./mr_approval_state.js";
import { jobTrace } from "./job_trace.js";
import { statusWait } from "./status_wait.js";
import { jobArtifactDownload } from "./job_artifact_download.js";
import { contextCommitsAdd } from "./context_commits_add.js";
import { mergeRequestDependencyCreate } from "./merge_request_dependency_create.js";
import { mergeTrainAdd } from "./merge_train_add.js";
import { archiveProbe } from "./archive_probe.js";
import { blamePages } from "./blame_pages.js";
import { fileHead } from "./file_head.js";
import { fileRead } from "./file_read.js";
import { rawRead } from "./raw_read.js";
import { submoduleFile } from "./submodule_file.js";
import { submodulesList } from "./submodules_list.js";
import { userLookup } from "./user_lookup.js";
import { secretOnce } from "./secret_once.js";
import { ownToken } from "./own_token.js";
import { tokenVerify } from "./token_verify.js";
import { fileUpload } from "./file_upload.js";
import { unpagedList } from "./unpaged_list.js";
import { search } from "./search.js";
import { delayedDelete } from "./delayed_delete.js";
import { languageShares } from "./language_shares.js";
import { asyncStart } from "./async_start.js";
import { pagesDomainWrite } from "./pages_domain_write.js";
import { binaryDigest } from "./binary_digest.js";
import { packageDownload } from "./package_download.js";
import { packagePublish } from "./package_publish.js";
import { registryCleanup } from "./registry_cleanup.js";
import { templateContent } from "./template_content.js";
import { keysetList } from "./keyset_list.js";
import { bothSides } from "./both_sides.js";

/** Every procedure by the name the catalog uses. */
export const PROCEDURES: Readonly<Record<string, Procedure>> = {
  ci_variable_secret: ciVariableSecret,
  diff_page: diffPage,
  diff_position: diffPosition,
  mr_approval_state: mrApprovalState,
  pipeline_latest: pipelineLatest,
  raw_diff: rawDiff,
  release_link_batch: releaseLinkBatch,
  test_report: testReport,
  trigger_run: triggerRun,
  trigger_token: triggerToken,
  secret_once: secretOnce,
  own_token: ownToken,
  token_verify: tokenVerify,
  job_trace: jobTrace,
  status_wait: statusWait,
  job_artifact_download: jobArtifactDownload,
  async_start: asyncStart,
  context_commits_add: contextCommitsAdd,
  merge_request_dependency_create: mergeRequestDependencyCreate,
  merge_train_add: mergeTrainAdd,
  archive_probe: archiveProbe,
  blame_pages: blamePages,
  file_head: fileHead,
  file_read: fileRead,
  raw_read: rawRead,
  submodule_file: submoduleFile,
  submodules_list: submodulesList,
  user_lookup: userLookup,
  file_upload: fileUpload,
  unpaged_list: unpagedList,
  search,
  delayed_delete: delayedDelete,
  language_shares: languageShares,
  pages_domain_write: pagesDomainWrite,
  binary_digest: binaryDigest,
  package_download: packageDownload,
  package_publish: packagePublish,
  registry_cleanup: registryCleanup,
  template_content: templateContent,
  keyset_list: keysetList,
  both_sides: bothSides,
};
