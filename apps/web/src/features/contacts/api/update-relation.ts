import {
  relationResultSchema,
  type ContactsPage,
  type RelationAction,
  type RelationResult,
} from '@app/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { marketplaceKeys } from '@/features/marketplace';
import { offerKeys } from '@/features/offer';
import { apiClient } from '@/shared/api';
import { contactsLists, type ContactsList } from './get-contacts';
import { contactsKeys } from './query-keys';

/** `PUT /rest/v1/users/{username}/relations {action}`: the viewer's relation as the change left it. */
export function updateRelation(username: string, action: RelationAction): Promise<RelationResult> {
  return apiClient.put(`/rest/v1/users/${encodeURIComponent(username)}/relations`, {
    body: { action },
    schema: relationResultSchema,
  });
}

/** Whether a user with these flags still belongs in a list (recent trades keep everyone). */
const belongs = (list: ContactsList, flags: RelationResult) =>
  list === 'trusted' ? flags.isTrusted : list === 'blocked' ? flags.isBlocked : true;

/**
 * Shows a change in every cached list at once (spec: the flags change in the lists, and the user leaves
 * the trusted or blocked list they no longer belong to), then re-reads the lists for their totals and
 * the users who now belong in them.
 */
function applyToLists(queryClient: QueryClient, result: RelationResult) {
  const same = (username: string) => username.toLowerCase() === result.username.toLowerCase();
  for (const list of contactsLists) {
    queryClient.setQueriesData<ContactsPage>({ queryKey: contactsKeys.list(list) }, (page) =>
      page
        ? {
            ...page,
            users: page.users
              .filter((user) => !same(user.username) || belongs(list, result))
              .map((user) => (same(user.username) ? result : user)),
          }
        : page,
    );
  }
  void queryClient.invalidateQueries({ queryKey: contactsKeys.all });
  // A block hides offers both ways and a trust opens trusted-only ones: searches and offer pages read again.
  void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
  void queryClient.invalidateQueries({ queryKey: offerKeys.all });
}

type UpdateRelationCallbacks = {
  onSuccess?: (result: RelationResult, action: RelationAction) => void;
  onError?: (error: unknown) => void;
};

/**
 * Trust, untrust, block or unblock `username`; the contacts lists follow. The callbacks belong to the
 * mutation, not to one `mutate` call: they still run when the change removed the caller's row.
 */
export function useUpdateRelation(username: string, callbacks: UpdateRelationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RelationAction) => updateRelation(username, action),
    onSuccess: (result, action) => {
      applyToLists(queryClient, result);
      callbacks.onSuccess?.(result, action);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
