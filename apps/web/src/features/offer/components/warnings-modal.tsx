import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRED_WARNINGS, type OfferWarning } from '../utils/warnings';
import { IconAlertTriangle } from '@/shared/ui/icons';
import classes from './offer.module.css';

type WarningsModalProps = {
  /** The warnings still to accept, in order; empty or null when the modal is closed. */
  queue: readonly OfferWarning[] | null;
  /** How many warnings the queue had when it opened (for "2 of 3"). */
  total: number;
  /** The offer's terms, shown inside the "review the terms" warning. */
  offerTerms: string;
  paymentMethod: string;
  onAccept: (warning: OfferWarning) => void;
  /**
   * The spec's close-all action, named by what it does ("Don't start this trade"): every open warning
   * closes, nothing is accepted, no trade starts.
   */
  onCloseAll: () => void;
};

/**
 * The offer's warning popups, one after another, before a trade starts (spec section 4, "Offer view
 * modals"). Each is accepted with its button; the sanctions-list warning only after its box is ticked
 * (spec section 5: it must be accepted). Closing, Escape or "Don't start this trade" closes them all.
 */
export function WarningsModal({
  queue,
  total,
  offerTerms,
  paymentMethod,
  onAccept,
  onCloseAll,
}: WarningsModalProps) {
  const { t } = useTranslation();
  const current = queue?.[0] ?? null;
  const position = current && queue ? total - queue.length + 1 : 0;
  return (
    <Modal
      opened={current !== null}
      onClose={onCloseAll}
      centered
      size="lg"
      title={current ? t(`offer.warnings.${current}.title`) : ''}
      closeButtonProps={{ 'aria-label': t('offer.trade.dontStart') }}
    >
      {current ? (
        // Keyed by the warning: the sanctions box starts unticked every time it is shown.
        <WarningBody
          key={current}
          warning={current}
          position={position}
          total={total}
          offerTerms={offerTerms}
          paymentMethod={paymentMethod}
          onAccept={() => onAccept(current)}
          onCloseAll={onCloseAll}
        />
      ) : null}
    </Modal>
  );
}

function WarningBody({
  warning,
  position,
  total,
  offerTerms,
  paymentMethod,
  onAccept,
  onCloseAll,
}: {
  warning: OfferWarning;
  position: number;
  total: number;
  offerTerms: string;
  paymentMethod: string;
  onAccept: () => void;
  onCloseAll: () => void;
}) {
  const { t } = useTranslation();
  const required = REQUIRED_WARNINGS.has(warning);
  const [ticked, setTicked] = useState(false);
  return (
    <Stack gap="md" data-testid={`warning-${warning}`}>
      {total > 1 ? (
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('offer.warnings.step', { position, total })}
        </Text>
      ) : null}
      <Alert color={required ? 'red' : 'orange'} variant="light" icon={<IconAlertTriangle />} role="note">
        <Text size="sm">{t(`offer.warnings.${warning}.text`, { method: paymentMethod })}</Text>
      </Alert>
      {warning === 'reviewOfferTerms' ? (
        <ScrollArea.Autosize mah={240} type="auto">
          <Text size="sm" className={classes.terms} data-testid="warning-terms">
            {offerTerms}
          </Text>
        </ScrollArea.Autosize>
      ) : null}
      {required ? (
        <Checkbox
          checked={ticked}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          label={t('offer.warnings.ofacOfferWarning.confirm')}
          data-testid="warning-confirm"
        />
      ) : null}
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" color="gray" onClick={onCloseAll}>
          {t('offer.trade.dontStart')}
        </Button>
        <Button onClick={onAccept} disabled={required && !ticked} data-testid="warning-accept">
          {required ? t('offer.warnings.acceptRequired') : t('offer.warnings.accept')}
        </Button>
      </Group>
    </Stack>
  );
}
