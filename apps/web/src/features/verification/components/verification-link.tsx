import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';

/**
 * "Verify to raise your limits": the way from a refusal (a KYC limit at a trade's start, a send-out
 * limit, an action the level blocks) or a banner to the verification page, optionally to one of its
 * steps. In the surrounding text's colour, underlined: a blue link on a red or orange alert fails
 * contrast in the dark scheme.
 */
export function VerificationLink({
  children,
  step,
  ...props
}: AnchorProps & {
  children?: ReactNode;
  /** The id of a step's heading to land on (`STEP_TITLE_IDS`). */
  step?: string;
}) {
  const { t } = useTranslation();
  const verificationPath = useNamedRoute('verification');
  return (
    <Anchor
      component={Link}
      to={`${verificationPath}${step ? `#${step}` : ''}`}
      inherit
      underline="always"
      fw={600}
      style={{ color: 'inherit' }}
      data-testid="verification-link"
      {...props}
    >
      {children ?? t('verification.raiseLink')}
    </Anchor>
  );
}
