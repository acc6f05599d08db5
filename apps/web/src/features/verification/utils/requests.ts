import type { VerificationRequest, VerificationType } from '@app/contract';

/** My newest request of a type (the list is newest first), or null. */
export const latestOf = (
  requests: readonly VerificationRequest[],
  type: VerificationType,
): VerificationRequest | null => requests.find((request) => request.type === type) ?? null;

/** A request the trader is still filling in: pending and not yet sent for review. */
export const isOpen = (request: VerificationRequest): boolean =>
  request.status === 'pending' && !request.inReview;

/** A request waiting for staff: every document is in. */
export const isInReview = (request: VerificationRequest): boolean =>
  request.status === 'pending' && request.inReview;
