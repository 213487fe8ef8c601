export { uploadAttachments, uploadPictures, uploadVideo } from './api';
export { type ChunkedUploadOptions, chunkedUpload } from './chunked';
export { formOf, postForm, showUploadError, UploadError } from './multipart';
export { checkFile, type FileRule, formatSize, RULE_MESSAGES, type RuleProblem, ruleMessage } from './rules';
