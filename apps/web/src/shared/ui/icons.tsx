import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'stroke'> & { size?: number; stroke?: number };

/**
 * A small set of outline icons (24 px grid, drawn in the style of Tabler icons) so the UI needs no icon
 * package. Icons are decorative: `aria-hidden` unless a `title`-bearing wrapper says otherwise.
 */
function Icon({ size = 20, stroke = 1.75, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const IconSun = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M3 12h1m16 0h1M12 3v1m0 16v1M5.6 5.6l.7.7m11.4 11.4l.7.7M5.6 18.4l.7-.7m11.4-11.4l.7-.7" />
  </Icon>
);

export const IconMoon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3h.393a7.5 7.5 0 0 0 7.92 12.446A9 9 0 1 1 12 3z" />
  </Icon>
);

export const IconLanguage = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3.6 9h16.8M3.6 15h16.8M11.5 3a17 17 0 0 0 0 18M12.5 3a17 17 0 0 1 0 18" />
  </Icon>
);

export const IconEye = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0-4 0" />
    <path d="M21 12c-2.4 4-5.4 6-9 6s-6.6-2-9-6c2.4-4 5.4-6 9-6s6.6 2 9 6" />
  </Icon>
);

export const IconEyeOff = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.59 10.59a2 2 0 0 0 2.83 2.83" />
    <path d="M9.36 5.37A9.5 9.5 0 0 1 12 5c4 0 7.33 2.33 10 7c-.78 1.36-1.61 2.52-2.5 3.49m-2.14 1.86C15.73 18.45 13.94 19 12 19c-4 0-7.33-2.33-10-7c1.37-2.4 2.91-4.18 4.63-5.34" />
    <path d="M3 3l18 18" />
  </Icon>
);

export const IconLogout = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
    <path d="M9 12h12l-3-3m0 6l3-3" />
  </Icon>
);

export const IconCheck = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);

export const IconX = (props: IconProps) => (
  <Icon {...props}>
    <path d="M18 6L6 18M6 6l12 12" />
  </Icon>
);

export const IconShieldCheck = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21A12 12 0 0 1 3.5 6A12 12 0 0 0 12 3" />
    <path d="M9 12l2 2l4-4" />
  </Icon>
);

export const IconScale = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 20h10M6 6l6-1l6 1M12 3v17" />
    <path d="M9 12L6 6l-3 6a3 3 0 0 0 6 0M21 12l-3-6l-3 6a3 3 0 0 0 6 0" />
  </Icon>
);

export const IconCode = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 8l-4 4l4 4M17 8l4 4l-4 4M14 4l-4 16" />
  </Icon>
);

export const IconUsers = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="7" r="4" />
    <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M16 3.13a4 4 0 0 1 0 7.75M21 21v-2a4 4 0 0 0-3-3.85" />
  </Icon>
);

export const IconUser = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="7" r="4" />
    <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
  </Icon>
);

export const IconChevronDown = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 9l6 6l6-6" />
  </Icon>
);

export const IconAlertCircle = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4m0 4h.01" />
  </Icon>
);

export const IconLock = (props: IconProps) => (
  <Icon {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 1 1 8 0v4" />
  </Icon>
);

export const IconRefresh = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
  </Icon>
);

export const IconSearch = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6-6" />
  </Icon>
);

export const IconCash = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9v.01M18 15v.01" />
  </Icon>
);

export const IconExchange = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 10h14l-4-4M17 14H3l4 4" />
  </Icon>
);

export const IconTrendUp = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 17l6-6l4 4l8-8M14 7h7v7" />
  </Icon>
);

export const IconTrendDown = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 7l6 6l4-4l8 8M21 10v7h-7" />
  </Icon>
);

export const IconArrowsUpDown = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 3v18M4 6l3-3l3 3M17 21V3M20 18l-3 3l-3-3" />
  </Icon>
);
