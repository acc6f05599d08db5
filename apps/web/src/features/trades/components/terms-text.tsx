import { Anchor, Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { recordPolicyRead } from '../api/trade-actions';
import { linksInText } from '../utils/links-in-text';

/**
 * A trader's text on the trade page (offer terms, payment details) with its web addresses as links.
 * They open in a new tab, never with this page as their opener, and each opening is recorded
 * (`POST .../policy-read`): a dispute can then show that the terms' links were read.
 */
export function TermsText({
  tradeHash,
  text,
  ...props
}: TextProps & { tradeHash: string; text: string; 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} {...props}>
      {linksInText(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Anchor
            key={index}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            inherit
            underline="always"
            title={t('trades.payment.externalLink')}
            // The record must not hold the tab back: the browser opens the link itself.
            onClick={() => void recordPolicyRead(tradeHash, part.url).catch(() => undefined)}
          >
            {part.url}
          </Anchor>
        ),
      )}
    </Text>
  );
}
