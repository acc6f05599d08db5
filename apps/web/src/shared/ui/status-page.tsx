import { Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type StatusPageProps = {
  /** A short code shown above the title, such as "404". */
  code?: string;
  icon: ReactNode;
  title: string;
  description: string;
  color?: string;
  /** Buttons or links to move on. */
  children?: ReactNode;
};

/** The layout of the error pages (404, 500, IP blocked): calm, centred, with a way forward. */
export function StatusPage({ code, icon, title, description, color = 'brand', children }: StatusPageProps) {
  return (
    <Container size={560} py={{ base: 48, md: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        {code ? (
          <Text c="dimmed" fw={700} fz="sm" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            {code}
          </Text>
        ) : null}
        <Title order={1} fz={{ base: 26, md: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" fz="md" maw={440}>
          {description}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}
