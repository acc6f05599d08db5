import { catalogueGroupSlugs, supportedLocales, tagSlugs } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { resources } from './resources';

type Tree = { [key: string]: string | Tree };

/** `{ a: { b: 'x' } }` -> `[['a.b', 'x']]`. */
function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const english = new Map(flatten(resources.en.translation));

  it('should ship a file for every supported locale', () => {
    expect(Object.keys(resources).sort()).toEqual([...supportedLocales].sort());
  });

  // Offer cards and profiles get a tag's or a group's English name only; the web names them by slug.
  // The slugs are the contract's, which the server's catalogue test holds its seed data to.
  const catalogueKeys = [
    ...tagSlugs.map((slug) => `catalogue.tagNames.${slug}`),
    ...catalogueGroupSlugs.map((slug) => `catalogue.groupNames.${slug}`),
  ];

  it('should name exactly the tags and payment method groups the catalogue defines', () => {
    const named = [...english.keys()].filter((key) => /^catalogue\.(tagNames|groupNames)\./.test(key));
    expect(named.sort()).toEqual([...catalogueKeys].sort());
  });

  for (const locale of supportedLocales) {
    const entries = new Map(flatten(resources[locale].translation));

    it(`${locale}: should have exactly the same keys as English`, () => {
      expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`${locale}: should name every tag and payment method group of the catalogue`, () => {
      expect(catalogueKeys.filter((key) => !entries.get(key)?.trim())).toEqual([]);
    });

    it(`${locale}: should have no empty text`, () => {
      expect([...entries].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });

    it(`${locale}: should use the same {{variables}} and <tags> as English`, () => {
      const mismatches = [...english].filter(([key, text]) => {
        const other = entries.get(key) ?? '';
        return (
          JSON.stringify(variables(text)) !== JSON.stringify(variables(other)) ||
          JSON.stringify(tags(text)) !== JSON.stringify(tags(other))
        );
      });
      expect(mismatches.map(([key]) => key)).toEqual([]);
    });
  }
});
