// The media module's public surface: upload → check → store → sign → serve, and the prune of what nothing refers to
// (README.md). Resources, the command line and the app import from here; tests may reach the files themselves.

// Where files live.
export { materialsDir, mediaDir, prepareFileFolders } from './folders.ts';
// What a file is, by its content (the content pack checks its files with these too).
export { type FileKind, KIND_NAMES, MAX_BYTES, megabytes, sniff, SNIFF_BYTES } from './file-kinds.ts';
export { PdfScan } from './pdf-scan.ts';
// Upload: the console's POST, checked as it streams and stored under its content's hash.
export { mediaRoutes } from './upload-route.ts';
// Save-time checks of an address a course row will hold.
export { checkMaterialFile, checkVideoLink } from './save-checks.ts';
export { videoLinkProblem } from './video-address.ts';
// Signed video links (docs/decisions/041) and serving /media/ and study materials.
export { type LinkHolder, signedMediaLink } from './signed-links.ts';
export { registerMedia } from './serve-media.ts';
export { sendPdf } from './send-pdf.ts';
// `npm run portal -- media prune`.
export { findUnreferencedFiles, FRESH_HOURS, removeFiles, type StoredFile } from './prune-media.ts';
// The HLS ladder of every uploaded video, encoded in the background (docs/decisions/074).
export { startEncoder } from './start-encoder.ts';
export { EncodeWorker, ladderFolder } from './encode-worker.ts';
export { isEncodable, openEncodings, queueEncoding, queueTopicVideos } from './encoding-jobs.ts';
export { FolderStore, type MediaStore } from './media-store.ts';
// What a download of a stored video costs (docs/decisions/077).
export { ladderStepSizes, mediaFileSize, type StepFiles } from './download-sizes.ts';
