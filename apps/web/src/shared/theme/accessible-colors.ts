import {
  darken,
  defaultCssVariablesResolver,
  defaultVariantColorsResolver,
  getPrimaryShade,
  isVirtualColor,
  luminance,
  parseThemeColor,
  toRgba,
  type CSSVariablesResolver,
  type MantineTheme,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * WCAG 2.2 AA contrast for every colour token the app writes text with (docs/decisions/0017-accessibility.md).
 *
 * Mantine's default tokens fall short: dimmed text is gray.6 on white (3.3:1), "red" text is red.7 (3.8:1),
 * light badges put shade 9 on shade 1 (lime 3.3:1), white on a filled teal or yellow is under 3:1. Rather
 * than pick colours page by page, the tokens themselves are moved the least that reaches 4.5:1 on every
 * surface the text sits on, starting from Mantine's own shade, so the look stays Mantine's.
 */
export const MIN_TEXT_CONTRAST = 4.5;

export function contrastRatio(foreground: string, background: string): number {
  const a = luminance(foreground);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** One shade of a palette; Mantine palettes always have ten, so a miss is a programming error. */
function shadeOf(shades: readonly string[], index: number): string {
  const shade = shades[index];
  if (shade === undefined) throw new Error(`no shade ${index} in a palette of ${shades.length}`);
  return shade;
}

function paletteOf(theme: MantineTheme, name: string): readonly string[] {
  const shades = theme.colors[name];
  if (!shades) throw new Error(`no colour ${name} in the theme`);
  return shades;
}

const readableOn = (color: string, surfaces: readonly string[]) =>
  surfaces.every((surface) => contrastRatio(color, surface) >= MIN_TEXT_CONTRAST);

/** `from` moved `amount` (0..1) of the way to `to`, as a hex colour. */
function mix(from: string, to: string, amount: number): string {
  const a = toRgba(from);
  const b = toRgba(to);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(a.r, b.r)}${channel(a.g, b.g)}${channel(a.b, b.b)}`;
}

/**
 * The colour nearest to `shades[start]` that is readable on all `surfaces`: it moves towards darker
 * (light scheme) or lighter (dark scheme) shades in tenths of a shade, then past the last shade towards
 * black or white, so a token changes no more than it must.
 */
function readableShade(
  shades: readonly string[],
  start: number,
  direction: 'darker' | 'lighter',
  surfaces: readonly string[],
): string {
  const step = direction === 'darker' ? 1 : -1;
  const path: string[] = [];
  for (let index = start; index >= 0 && index < shades.length; index += step) {
    path.push(shadeOf(shades, index));
  }
  const last = direction === 'darker' ? '#000000' : '#ffffff';
  path.push(last);
  for (let leg = 0; leg < path.length - 1; leg += 1) {
    for (let tenth = 0; tenth < 10; tenth += 1) {
      const candidate = mix(shadeOf(path, leg), shadeOf(path, leg + 1), tenth / 10);
      if (readableOn(candidate, surfaces)) return candidate;
    }
  }
  return last;
}

/**
 * Where text sits in each scheme: the body, papers and inputs, the footer, default buttons and the other
 * party's chat bubbles (`default-hover`), and
 * the tints of the primary colour and of blue (one's own chat bubbles, highlighted rows, information
 * alerts). Text on other tints (a warning alert) keeps the default text colour.
 */
export function textSurfaces(theme: MantineTheme, scheme: 'light' | 'dark'): string[] {
  const tint = (name: string) => {
    const shades = paletteOf(theme, name);
    return scheme === 'light' ? shadeOf(shades, 1) : darken(shadeOf(shades, 9), 0.5);
  };
  const neutral = paletteOf(theme, scheme === 'light' ? 'gray' : 'dark');
  const plain =
    scheme === 'light'
      ? [theme.white, ...[0, 1].map((index) => shadeOf(neutral, index))]
      : [7, 6, 8, 5].map((index) => shadeOf(neutral, index));
  return [...plain, tint(theme.primaryColor), tint('blue')];
}

/** What a filled button or badge of one palette colour shows: its background and its text colour. */
function filledColors(shades: readonly string[], primaryShade: number, white: string, black: string) {
  for (let index = primaryShade; index < shades.length; index += 1) {
    const shade = shadeOf(shades, index);
    if (contrastRatio(white, shade) >= MIN_TEXT_CONTRAST) {
      return { filled: shade, hover: shadeOf(shades, Math.min(index + 1, shades.length - 1)), text: white };
    }
  }
  // Light hues (yellow, lime, orange) never carry white text: they keep their shade and take black.
  return {
    filled: shadeOf(shades, primaryShade),
    hover: shadeOf(shades, Math.min(primaryShade + 1, shades.length - 1)),
    text: black,
  };
}

function schemeTokens(theme: MantineTheme, scheme: 'light' | 'dark'): Record<string, string> {
  const surfaces = textSurfaces(theme, scheme);
  const direction = scheme === 'light' ? 'darker' : 'lighter';
  const primaryShade = getPrimaryShade(theme, scheme);
  const tokens: Record<string, string> = {};

  for (const [name, shades] of Object.entries(theme.colors)) {
    if (isVirtualColor(shades)) continue;
    const filled = filledColors(shades, primaryShade, theme.white, theme.black);
    tokens[`--mantine-color-${name}-filled`] = filled.filled;
    tokens[`--mantine-color-${name}-filled-hover`] = filled.hover;
    tokens[`--mantine-color-${name}-contrast`] = filled.text;
    // `c="red"`, anchors and outline buttons: Mantine starts from the primary shade (light) or shade 4.
    const text = readableShade(shades, scheme === 'light' ? primaryShade : 4, direction, surfaces);
    tokens[`--mantine-color-${name}-text`] = text;
    tokens[`--mantine-color-${name}-outline`] = text;
    if (scheme === 'light') {
      // Light badges and alerts: shade 9 on shade 1, also shown on the plain surfaces (subtle buttons).
      tokens[`--mantine-color-${name}-light-color`] = readableShade(shades, 9, 'darker', [
        shadeOf(shades, 1),
        ...surfaces,
      ]);
    }
  }

  const dimmedShades = paletteOf(theme, scheme === 'light' ? 'gray' : 'dark');
  const dimmed = readableShade(dimmedShades, scheme === 'light' ? 6 : 2, direction, surfaces);
  tokens['--mantine-color-dimmed'] = dimmed;
  tokens['--mantine-color-placeholder'] = dimmed;
  tokens['--mantine-color-anchor'] = `var(--mantine-color-${theme.primaryColor}-text)`;
  tokens['--mantine-color-error'] = 'var(--mantine-color-red-text)';
  tokens['--mantine-primary-color-contrast'] = `var(--mantine-color-${theme.primaryColor}-contrast)`;
  return tokens;
}

/** Mantine's CSS variables with the colour tokens above laid over them, per scheme. */
export const accessibleCssVariablesResolver: CSSVariablesResolver = (theme) => {
  const defaults = defaultCssVariablesResolver(theme);
  return {
    variables: defaults.variables,
    light: { ...defaults.light, ...schemeTokens(theme, 'light') },
    dark: { ...defaults.dark, ...schemeTokens(theme, 'dark') },
  };
};

/**
 * Filled components take their text colour from the `-contrast` token above (white, or black on light
 * hues), per scheme; Mantine's own choice is made once in JavaScript and always picks white.
 */
export const accessibleVariantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled' || typeof input.color !== 'string') return resolved;
  const { theme } = input;
  const parsed = parseThemeColor({ color: input.color, theme });
  if (!parsed.isThemeColor) return resolved;
  if (parsed.shade === undefined) {
    return { ...resolved, color: `var(--mantine-color-${parsed.color}-contrast)` };
  }
  // An explicit shade (`teal.7`) is the same in both schemes: the better of white and black on it.
  const onShade = contrastRatio(theme.white, parsed.value) >= MIN_TEXT_CONTRAST ? theme.white : theme.black;
  return { ...resolved, color: onShade };
};
