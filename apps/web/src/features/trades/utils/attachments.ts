import { attachmentMimeTypes } from '@app/contract';

/** What the file picker offers: the types the server accepts (it checks the content anyway). */
export const ACCEPTED_FILES = attachmentMimeTypes.join(',');

export const isImage = (mimeType: string): boolean => mimeType.startsWith('image/');
