// The avatar upload procedure lives with the other uploads in file_upload.ts; this file names it for codegen.
export { avatarUpload } from "./file_upload.js";
