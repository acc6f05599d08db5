import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'stroke'> & { size?: number };

/** The few calculator-only outline icons (24 px grid, Tabler style, like shared/ui/icons). Decorative. */
function Icon({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
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
