import { DEFAULT_THEME, isVirtualColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  accessibleCssVariablesResolver,
  accessibleVariantColorResolver,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  textSurfaces,
} from './accessible-colors';
import { theme as appTheme } from './theme';

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme);
const resolved = accessibleCssVariablesResolver(theme);
const paletteColors = Object.keys(theme.colors).filter((name) => !isVirtualColor(theme.colors[name]));

/** A token's final colour in one scheme, following `var(--...)` references as the browser does. */
function tokenValue(scheme: 'light' | 'dark', token: string): string {
  const table: Record<string, string> = { ...resolved.variables, ...resolved[scheme] };
  let value = table[token];
  for (let hops = 0; value?.startsWith('var('); hops += 1) {
    if (hops > 5) throw new Error(`${token} refers in a loop`);
    value = table[value.slice(4, -1)];
  }
  if (!value) throw new Error(`${token} is not defined in the ${scheme} scheme`);
  return value;
}

describe.each(['light', 'dark'] as const)('colour tokens in the %s scheme', (scheme) => {
  const surfaces = textSurfaces(theme, scheme);
  const expectReadable = (foreground: string, background: string, what: string) =>
    expect(
      contrastRatio(foreground, background),
      `${what}: ${foreground} on ${background}`,
    ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);

  it('should keep dimmed text, placeholders, links and errors at 4.5:1 on every surface', () => {
    for (const token of ['dimmed', 'placeholder', 'anchor', 'error', 'text']) {
      for (const surface of surfaces) {
        expectReadable(tokenValue(scheme, `--mantine-color-${token}`), surface, token);
      }
    }
  });

  it.each(paletteColors)('should make %s readable as text, filled and light', (name) => {
    for (const surface of surfaces) {
      expectReadable(tokenValue(scheme, `--mantine-color-${name}-text`), surface, `${name} text`);
      expectReadable(tokenValue(scheme, `--mantine-color-${name}-outline`), surface, `${name} outline`);
    }
    expectReadable(
      tokenValue(scheme, `--mantine-color-${name}-contrast`),
      tokenValue(scheme, `--mantine-color-${name}-filled`),
      `text on filled ${name}`,
    );
    expectReadable(
      tokenValue(scheme, `--mantine-color-${name}-light-color`),
      tokenValue(scheme, `--mantine-color-${name}-light`),
      `light ${name}`,
    );
  });
});

describe('accessibleVariantColorResolver', () => {
  it('should take the text of filled theme colours from their contrast token', () => {
    const input = { theme, variant: 'filled', color: 'yellow' } as const;
    expect(accessibleVariantColorResolver(input).color).toBe('var(--mantine-color-yellow-contrast)');
  });

  it('should put black on a light explicit shade and white on a dark one', () => {
    expect(accessibleVariantColorResolver({ theme, variant: 'filled', color: 'teal.3' }).color).toBe(
      theme.black,
    );
    expect(accessibleVariantColorResolver({ theme, variant: 'filled', color: 'teal.9' }).color).toBe(
      theme.white,
    );
  });

  it('should leave other variants to Mantine', () => {
    expect(accessibleVariantColorResolver({ theme, variant: 'light', color: 'red' }).color).toBe(
      'var(--mantine-color-red-light-color)',
    );
  });
});
