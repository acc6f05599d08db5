import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/session/current-user';
import { useBirthDate } from '../api/birth-date';
import { BirthDateForm } from './birth-date-form';

/** "Later" holds the question back for this browser tab's session; it comes back on the next visit. */
export const BIRTHDAY_LATER_KEY = 'confirmBirthdayLater';

const putOff = () => {
  try {
    return window.sessionStorage.getItem(BIRTHDAY_LATER_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The spec's `confirm-birthday-modal` (deferred; decision 0054): a trader whose identity is verified but
 * who has not confirmed a date of birth is asked for it on any page, since the ID check here records no
 * birth date and an exchange must know its traders are adults. It can be put off for the session; the
 * verification page keeps the same form.
 */
export function ConfirmBirthdayModal() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const [later, setLater] = useState(putOff);
  const [done, setDone] = useState(false);
  const asked = Boolean(user?.isIdVerified) && !later && !done;
  const birthDate = useBirthDate({ enabled: asked });
  const opened = asked && birthDate.data?.birthDate === null;
  const putOffNow = () => {
    try {
      window.sessionStorage.setItem(BIRTHDAY_LATER_KEY, '1');
    } catch {
      // Storage refused (private mode): putting it off lasts as long as this page.
    }
    setLater(true);
  };
  return (
    <Modal
      opened={opened}
      onClose={putOffNow}
      title={t('account.birthDate.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="confirm-birthday-modal">
        <Text size="sm">{t('account.birthDate.why')}</Text>
        <BirthDateForm onDone={() => setDone(true)} onLater={putOffNow} />
      </Stack>
    </Modal>
  );
}
