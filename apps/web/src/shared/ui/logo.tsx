import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconExchange } from './icons';

/** The product mark and name; the name comes from the server's initial state (operators rename it). */
export function Logo({ name }: { name: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
        <IconExchange size={20} stroke={2.25} />
      </ThemeIcon>
      <Text
        component="span"
        fw={800}
        fz="lg"
        lh={1}
        style={{ whiteSpace: 'nowrap', letterSpacing: '-0.01em' }}
      >
        {name}
      </Text>
    </Group>
  );
}
