import { Anchor, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type DashboardCardProps = {
  id: string;
  title: string;
  /** The page the card summarises: a link at the top right. */
  link?: { to: string; label: string };
  children: ReactNode;
};

/** One block of the logged-in home: a titled section with a link to the page it summarises. */
export function DashboardCard({ id, title, link, children }: DashboardCardProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={id}
      h="100%"
    >
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Title order={2} fz="lg" id={`${id}-title`}>
          {title}
        </Title>
        {link ? (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}
