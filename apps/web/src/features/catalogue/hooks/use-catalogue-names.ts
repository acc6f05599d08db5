import type { CatalogueGroupSlug, TagSlug } from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { countryName } from '../utils/country-name';

/**
 * Names of reference data in the page's language. Some answers carry a tag's or a country's English name
 * only (offer cards, profiles), so the web names tags and payment method groups by slug
 * (`catalogue.tagNames`, `catalogue.groupNames`) and countries with Intl; the server's name is the
 * fallback for a slug or code the web does not know yet.
 */
export function useCatalogueNames() {
  const { t } = useTranslation();
  const locale = useLocale();
  return useMemo(
    () => ({
      tag: (slug: string, fallback: string = slug) =>
        t(`catalogue.tagNames.${slug as TagSlug}`, { defaultValue: fallback }),
      group: (slug: string, fallback: string = slug) =>
        t(`catalogue.groupNames.${slug as CatalogueGroupSlug}`, { defaultValue: fallback }),
      country: (iso: string, fallback: string = iso) => countryName(iso, locale, fallback),
    }),
    [t, locale],
  );
}
