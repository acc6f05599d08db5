import { useFormContext, get, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldErrorLike } from '@/shared/forms/field-errors';
import { translateOfferFieldError } from '../utils/offer-errors';

/**
 * `error(path)`: the translated error of a form path (`range_min`, `opening_hours.1.end_time`), or
 * undefined. List fields may carry their error on `root`.
 */
export function useOfferFieldError<T extends FieldValues>(fiatPrecision: number | null) {
  const { t } = useTranslation();
  const {
    formState: { errors },
  } = useFormContext<T>();
  return (path: string): string | undefined => {
    const node = get(errors, path) as (FieldErrorLike & { root?: FieldErrorLike }) | undefined;
    if (!node) return undefined;
    const error = node.message !== undefined || node.type !== undefined ? node : node.root;
    return translateOfferFieldError(t, error, { field: path, fiatPrecision });
  };
}
