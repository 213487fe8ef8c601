export { type ChunkAnswer, type ChunkedUploadOptions, chunkedUpload } from './chunked';
export { formOf, postForm, UploadError } from './multipart';
export { Sha256 } from './sha256';
export { checkFile, formatSize, type FileRule } from './rules';
