/** The attachments module: images and PDFs in the trade chat, checked by content, stored on disk. */
export { createAttachmentsService, type AttachmentsService } from './service.js';
export { attachmentsRoutes } from './routes.js';
