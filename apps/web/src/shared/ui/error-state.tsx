import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconRefresh } from './icons';

type ErrorStateProps = {
  title?: string;
  message?: string;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
};

/** The error state of a block of data: what failed, and a way to try again. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertCircle />}
      title={title ?? t('common.somethingWentWrong')}
      role="alert"
    >
      <Text size="sm">{message ?? t('common.unexpectedError')}</Text>
      {onRetry ? (
        <Group mt="sm">
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={16} />}
            onClick={onRetry}
          >
            {t('common.retry')}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
