import { ActionIcon, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/shared/api';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { toast } from '@/shared/ui/toast';
import { useSetOfferFavorite } from '../api/favorite-offer';
import { IconHeart } from '@/shared/ui/icons';

export type FavoriteToggleProps = {
  hash: string;
  /** The state the server last answered. */
  isFavorite: boolean;
  /** Called with the server's new state after a successful toggle (for lists kept outside the marketplace cache). */
  onChange?: (isFavorite: boolean) => void;
  size?: 'sm' | 'md' | 'lg';
};

/**
 * The heart on an offer. A visitor is sent to login and comes back here (returnTo); a logged-in user sees
 * the new state at once (optimistic), and if the server refuses it the heart goes back with a toast.
 * Cached marketplace lists are patched on success (useSetOfferFavorite), so every card of the offer agrees.
 */
export function FavoriteToggle({ hash, isFavorite, onChange, size = 'md' }: FavoriteToggleProps) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const loginPath = useNamedRoute('login');
  const location = useLocation();
  const navigate = useNavigate();
  const mutation = useSetOfferFavorite();
  // What the user chose and the server has not contradicted yet; null follows the prop.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const shown = optimistic ?? isFavorite;
  const label = shown ? t('marketplace.favorite.remove') : t('marketplace.favorite.add');

  const toggle = () => {
    if (!user) {
      const returnTo = `${location.pathname}${location.search}`;
      void navigate(`${loginPath}?returnTo=${encodeURIComponent(returnTo)}`);
      return;
    }
    // One request at a time: the answer of the first decides what the second would mean.
    if (mutation.isPending) return;
    const next = !shown;
    setOptimistic(next);
    mutation.mutate(
      { hash, favorite: next },
      {
        onSuccess: (result) => {
          setOptimistic(result.isFavorite);
          onChange?.(result.isFavorite);
        },
        onError: (error) => {
          setOptimistic(null);
          // A 401 already leads to login (the API client); anything else is told here.
          if (isApiError(error) && error.status === 401) return;
          toast.error({
            title: next ? t('marketplace.favorite.addFailed') : t('marketplace.favorite.removeFailed'),
            message: isApiError(error) ? error.message : t('common.unexpectedError'),
          });
        },
      },
    );
  };

  return (
    <Tooltip label={user ? label : t('marketplace.favorite.loginFirst')} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color={shown ? 'red' : 'gray'}
        size={size}
        radius="xl"
        aria-label={label}
        aria-pressed={shown}
        data-testid={`favorite-${hash}`}
        onClick={toggle}
      >
        <IconHeart filled={shown} size={size === 'sm' ? 16 : 20} />
      </ActionIcon>
    </Tooltip>
  );
}
