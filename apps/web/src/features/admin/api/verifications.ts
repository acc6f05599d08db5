import {
  adminVerificationDetailSchema,
  adminVerificationPageSchema,
  verificationRequestSchema,
  type AdminVerificationsQuery,
  type VerificationType,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

export type VerificationQueueStatus = AdminVerificationsQuery['status'];

const BASE = '/rest/v1/admin/verifications';

/**
 * GET /rest/v1/admin/verifications?status=&type=&page=: waiting for review (oldest first) or decided
 * (newest first), 25 a page. Pages are numbered here (not cursors): each is turned into the console
 * queue's `{ items, nextCursor }` so the shared list shows it.
 */
export function useVerificationQueue(status: VerificationQueueStatus, type: VerificationType | null) {
  return useInfiniteQuery({
    queryKey: adminKeys.verifications(status, type ?? 'all'),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(BASE, {
        query: { status, type: type ?? undefined, page: pageParam },
        schema: adminVerificationPageSchema,
        signal,
      }),
    getNextPageParam: (page) => page.nextPage ?? undefined,
    select: (data) => ({
      ...data,
      pages: data.pages.map((page) => ({
        items: page.requests,
        nextCursor: page.nextPage === null ? null : String(page.nextPage),
      })),
    }),
  });
}

/** GET /rest/v1/admin/verifications/{id}: the request unmasked with the trader's standing (audited). */
export function useVerificationDetail(id: number) {
  return useQuery({
    queryKey: adminKeys.verification(id),
    queryFn: ({ signal }) =>
      apiClient.get(`${BASE}/${id}`, { schema: adminVerificationDetailSchema, signal }),
    // Each read is an audited look at personal documents: not re-read on every focus.
    refetchOnWindowFocus: false,
  });
}

/** After a decision: the request and every queue tab are read again, and the audit log. */
function useAfterDecision(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.verification(id) }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'verifications'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    ]);
}

/** POST .../{id}/approve: what the request proves becomes the trader's; the level follows the table. */
export function useApproveVerification(id: number) {
  const onSettled = useAfterDecision(id);
  return useMutation({
    mutationFn: () => apiClient.post(`${BASE}/${id}/approve`, { schema: verificationRequestSchema }),
    onSettled,
  });
}

/** POST .../{id}/deny {reason}: the trader reads the reason. */
export function useDenyVerification(id: number) {
  const onSettled = useAfterDecision(id);
  return useMutation({
    mutationFn: (reason: string) =>
      apiClient.post(`${BASE}/${id}/deny`, { body: { reason }, schema: verificationRequestSchema }),
    onSettled,
  });
}

/** POST .../{id}/documents/{documentId}/reject {reason}: asks the trader for a new document. */
export function useRejectVerificationDocument(id: number) {
  const onSettled = useAfterDecision(id);
  return useMutation({
    mutationFn: ({ documentId, reason }: { documentId: number; reason: string }) =>
      apiClient.post(`${BASE}/${id}/documents/${documentId}/reject`, {
        body: { reason },
        schema: verificationRequestSchema,
      }),
    onSettled,
  });
}

export type VideoInvitation = 'allowed' | 'forced' | 'none';

/**
 * PUT /rest/v1/admin/users/{username}/video-verification: invite to (`allowed`) or require (`forced`)
 * the video call, or take that back. The answer's shape is declared inline by the server (no contract
 * schema), so it is not parsed: the audit log is read again instead.
 */
export function useSetVideoInvitation(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: VideoInvitation) =>
      apiClient.put(`/rest/v1/admin/users/${encodeURIComponent(username)}/video-verification`, {
        body: { status },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}
