/** The attachments module: images and PDFs in the trade chat, checked by content, stored on disk. */
export { createAttachmentsService, type AttachmentsService } from './service.js';
export { attachmentsRoutes } from './routes.js';
export {
  AttachmentRefused,
  contentDisposition,
  DEFAULT_MAX_IMAGE_PIXELS,
  DEFAULT_PDF_TIMEOUT_MS,
  inspectAttachment,
  type InspectLimits,
} from './inspect.js';
