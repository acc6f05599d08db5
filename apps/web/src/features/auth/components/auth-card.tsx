import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the login and register pages: a centred card with a title, a subtitle and a footer. */
export function AuthCard({
  title,
  subtitle,
  footer,
  children,
}: {
  title: string;
  subtitle: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={460} px={{ base: 'md', xs: 'lg' }} py={{ base: 32, md: 64 }}>
      <Stack gap={6} mb="lg" ta="center">
        <Title order={1} fz={{ base: 24, xs: 28 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </Stack>
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }}>
        {children}
      </Paper>
      {footer ? (
        <Text ta="center" size="sm" mt="lg" c="dimmed">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
