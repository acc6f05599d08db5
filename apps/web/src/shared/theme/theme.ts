import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { accessibleVariantColorResolver } from './accessible-colors';

/** A calm blue: reads as "bank", keeps enough contrast for text on it in both schemes. */
const brand: MantineColorsTuple = [
  '#edf2ff',
  '#dbe4ff',
  '#bac8ff',
  '#91a7ff',
  '#748ffc',
  '#5c7cfa',
  '#4c6ef5',
  '#4263eb',
  '#3b5bdb',
  '#364fc7',
];

/**
 * One type and spacing scale for the whole product. Breakpoints are the spec's (568, 667, 768, 992,
 * 1200 px, with 320 px as the smallest supported width), expressed in em as Mantine expects.
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '700' },
  breakpoints: {
    xs: '35.5em', // 568 px
    sm: '41.6875em', // 667 px
    md: '48em', // 768 px
    lg: '62em', // 992 px
    xl: '75em', // 1200 px
  },
  cursorType: 'pointer',
  variantColorResolver: accessibleVariantColorResolver,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Mantine's focus placeholder is a focusable `role="presentation"` div inside `role="menu"`, which a
    // menu may not contain (axe aria-required-children); without it focus goes to the first item, as in
    // the ARIA menu pattern.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
