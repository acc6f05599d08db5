import { mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';

/**
 * Every close button Mantine draws (modals, drawers, toasts, dismissible alerts) is an icon: without a
 * name a screen reader announces only "button" (axe `button-name`). The theme gives them all the
 * translated "Close" once; a component that names its own close button still wins.
 */
export function withCloseLabels(base: MantineThemeOverride, label: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': label };
  return mergeThemeOverrides(base, {
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
      Alert: { defaultProps: { closeButtonLabel: label } },
    },
  });
}
