import {
  myVerificationsSchema,
  verificationAttemptsSchema,
  VERIFICATION_FILE_FIELD,
  VERIFICATION_SIDE_FIELD,
  verificationRequestSchema,
  type MyVerifications,
  type startAddressVerificationBodySchema,
  type startIdVerificationBodySchema,
  type VerificationDocumentSide,
  type VerificationRequest,
  type VerificationType,
  type VideoVerificationBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { kycKeys } from './query-keys';

/** What the start forms send: the contract schemas' output (trimmed, upper-cased where it says). */
export type StartIdValues = z.output<typeof startIdVerificationBodySchema>;
export type StartAddressValues = z.output<typeof startAddressVerificationBodySchema>;

/** `GET /rest/v1/verification/requests`: my requests (newest first) and the attempts left per type. */
export function useMyVerifications() {
  return useQuery({
    queryKey: kycKeys.requests(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/verification/requests', { schema: myVerificationsSchema, signal }),
  });
}

/** Puts a request the server just answered with into the list at once (the list is read again after). */
function keepRequest(queryClient: QueryClient, request: VerificationRequest) {
  queryClient.setQueryData<MyVerifications>(kycKeys.requests(), (current) => {
    if (!current) return current;
    const others = current.requests.filter((r) => r.id !== request.id);
    return { ...current, requests: [request, ...others] };
  });
}

/**
 * Shared by the calls that answer with one request: the list shows it at once, then the requests
 * (attempts left) are read again. A company's application status lives on the current user
 * (`corporateAccount`, derived from its company request), so a company request reads that again too.
 */
function useRequestMutation<T>(call: (input: T) => Promise<VerificationRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (request) => {
      keepRequest(queryClient, request);
      if (request.type === 'company') {
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kycKeys.requests() }),
        queryClient.invalidateQueries({ queryKey: kycKeys.attempts() }),
      ]),
  });
}

/**
 * `GET /rest/v1/verification/left-attempt/{type}`: how many verifications of a type I may still start in
 * the window, and when the next opens (spec: the verification page asks per type). Read again after
 * every start (useRequestMutation) and with the rest of `['kyc']` on a decision.
 */
export function useAttemptsLeft(type: VerificationType) {
  return useQuery({
    queryKey: kycKeys.attempts(type),
    queryFn: ({ signal }) =>
      apiClient.get(`/rest/v1/verification/left-attempt/${type}`, {
        schema: verificationAttemptsSchema,
        signal,
      }),
  });
}

/** `POST /account/verification/start/id`: starts my ID verification, or corrects it before it is sent. */
export const useStartIdVerification = () =>
  useRequestMutation((body: StartIdValues) =>
    apiClient.post('/account/verification/start/id', { body, schema: verificationRequestSchema }),
  );

/** `POST /account/verification/start/document`: starts (or corrects) my proof-of-address verification. */
export const useStartAddressVerification = () =>
  useRequestMutation((body: StartAddressValues) =>
    apiClient.post('/account/verification/start/document', { body, schema: verificationRequestSchema }),
  );

/** `POST /account/verification/video/upload`: the link to my recorded video call, straight into review. */
export function useSendVideoVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoVerificationBody) =>
      apiClient.post('/account/verification/video/upload', { body, schema: verificationRequestSchema }),
    onSuccess: (request) => keepRequest(queryClient, request),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kycKeys.requests() }),
        queryClient.invalidateQueries({ queryKey: kycKeys.attempts('video') }),
        // The video status (`isVideoVerifiedPending`) is the current user's.
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}

export type UploadDocumentInput = { requestId: number; side: VerificationDocumentSide; file: File };

/**
 * `POST /rest/v1/verification/requests/{id}/documents` as multipart/form-data (`file`, `side`). A file the
 * server cannot use is a 422 `DOCUMENT_REFUSED` (the document turns `corrupted`), so the list is read
 * again whatever the answer.
 */
export const useUploadDocument = () =>
  useRequestMutation(({ requestId, side, file }: UploadDocumentInput) => {
    const form = new FormData();
    form.append(VERIFICATION_SIDE_FIELD, side);
    form.append(VERIFICATION_FILE_FIELD, file, file.name);
    return apiClient.post(`/rest/v1/verification/requests/${requestId}/documents`, {
      body: form,
      schema: verificationRequestSchema,
    });
  });

/**
 * The answer of `POST /rest/v1/verification/documents/erase`. The contract has no named schema for it
 * (the server declares it inline in its route), so it is read here with the route's own shape.
 */
const erasureAnswerSchema = z.object({
  retentionDays: z.number().int(),
  requests: z.array(z.object({ id: z.number().int(), eraseAfter: z.string().nullable() })),
  erasedNow: z.number().int(),
});
export type ErasureAnswer = z.infer<typeof erasureAnswerSchema>;

/** `POST /rest/v1/verification/documents/erase`: my files go once their retention period is over. */
export function useEraseDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post('/rest/v1/verification/documents/erase', { schema: erasureAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.requests() }),
  });
}
