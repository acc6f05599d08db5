import type { VerificationDocumentStatus, VerificationRequestStatus } from '@app/contract';

/** A request's badge colour in the console: waiting orange, approved green, denied red, expired grey. */
export const verificationStatusColor = (status: VerificationRequestStatus): string =>
  ({ pending: 'orange', approved: 'teal', denied: 'red', expired: 'gray' })[status];

/** A document's badge colour in the console. */
export const documentStatusColor = (status: VerificationDocumentStatus): string =>
  ({ pending: 'gray', uploaded: 'blue', corrupted: 'red', approved: 'teal', rejected: 'orange' })[status];
