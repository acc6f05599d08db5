import { Alert, type AlertProps } from '@mantine/core';

/**
 * What went wrong with a form or an action as a whole (not one field's refusal): a red alert read out at
 * once by screen readers, or nothing when there is no message.
 */
export function FormError({ message, ...props }: { message: string | null | undefined } & AlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" {...props}>
      {message}
    </Alert>
  );
}
