import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** Lower case without accents, so "dolar" finds "Dólar" and "peru" finds "Perú". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * What an option can be found by: `primary` (a code such as `EUR`, `BTC`, `US`) ranks first when it
 * starts with the query, then any word of `others` (localized and original names) that starts with it,
 * then a match anywhere.
 */
export type SearchTerms = { primary: string; others: string[] };

function score(terms: SearchTerms, query: string): number | null {
  const primary = normalizeSearch(terms.primary);
  const others = terms.others.map(normalizeSearch);
  if (primary === query) return 0;
  if (primary.startsWith(query)) return 1;
  if (others.some((text) => text.startsWith(query))) return 2;
  if (others.some((text) => text.split(/[\s/().,-]+/).some((word) => word.startsWith(query)))) return 3;
  if ([primary, ...others].some((text) => text.includes(query))) return 4;
  return null;
}

const isGroup = (item: ComboboxParsedItem): item is Extract<ComboboxParsedItem, { group: unknown }> =>
  'group' in item;

function rank(items: ComboboxItem[], termsOf: (value: string) => SearchTerms | undefined, query: string) {
  return items
    .map((item) => ({
      item,
      score: score(termsOf(item.value) ?? { primary: item.label, others: [] }, query),
    }))
    .filter((entry): entry is { item: ComboboxItem; score: number } => entry.score !== null)
    .sort((a, b) => a.score - b.score)
    .map((entry) => entry.item);
}

/**
 * A Combobox filter that searches codes and names (accent-insensitive), best matches first, keeping
 * groups that still have matches. Mantine's default filter only looks at the label.
 */
export function createOptionsFilter(termsOf: (value: string) => SearchTerms | undefined): OptionsFilter {
  return ({ options, search, limit }) => {
    const query = normalizeSearch(search);
    if (!query) return options;
    const result: ComboboxParsedItem[] = [];
    let remaining = limit;
    for (const option of options) {
      if (remaining <= 0) break;
      if (isGroup(option)) {
        const items = rank(option.items, termsOf, query).slice(0, remaining);
        if (items.length > 0) {
          result.push({ group: option.group, items });
          remaining -= items.length;
        }
      } else if (rank([option], termsOf, query).length > 0) {
        result.push(option);
        remaining -= 1;
      }
    }
    return result;
  };
}
