import { Alert, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlertCircle } from './icons';

/** A notice above every page (maintenance, account notice, verify your e-mail), full width. */
export function PageBanner({
  color,
  testId,
  children,
}: {
  color: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      radius={0}
      py="sm"
      icon={<IconAlertCircle />}
      role="status"
      data-testid={testId}
    >
      <Container size="lg" px={0}>
        {children}
      </Container>
    </Alert>
  );
}
