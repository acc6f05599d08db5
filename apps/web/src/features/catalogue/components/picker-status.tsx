import { Anchor, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type QueryLike = {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
};

type PickerStatusInput = {
  /** True when the loaded list has nothing to choose. */
  isEmpty: boolean;
  /** What the caller shows in the empty state. */
  emptyText: string;
  placeholder: string;
  /** The caller's own error (a form's validation message). */
  error?: ReactNode;
  disabled?: boolean;
};

export type PickerStatusProps = {
  disabled: boolean;
  placeholder: string;
  error: ReactNode;
  rightSection?: ReactNode;
  'aria-busy'?: boolean;
};

/**
 * The input props for the states every picker shares: loading (disabled, a spinner, `aria-busy`), failed
 * (disabled, the error under the input with "Try again"), empty (disabled, says there is nothing to
 * choose), and ready. A failed refresh keeps showing the list it already has.
 */
export function usePickerStatus(query: QueryLike, input: PickerStatusInput): PickerStatusProps {
  const { t } = useTranslation();
  if (query.isPending) {
    return {
      disabled: true,
      placeholder: t('catalogue.pickers.loading'),
      error: input.error,
      rightSection: <Loader size={16} aria-hidden />,
      'aria-busy': true,
    };
  }
  if (query.isError && query.data === undefined) {
    return {
      disabled: true,
      placeholder: t('catalogue.pickers.unavailable'),
      error: (
        <>
          {t('catalogue.pickers.loadFailed')}{' '}
          <Anchor component="button" type="button" fz="inherit" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Anchor>
        </>
      ),
    };
  }
  if (input.isEmpty) {
    return { disabled: true, placeholder: input.emptyText, error: input.error };
  }
  return { disabled: input.disabled ?? false, placeholder: input.placeholder, error: input.error };
}
