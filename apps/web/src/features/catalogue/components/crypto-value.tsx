import { Text, type TextProps } from '@mantine/core';
import type { ClipboardEvent } from 'react';
import { numericClass } from '@/shared/ui/numeric';
import { useAmountFormat, type CryptoDisplay } from '../hooks/use-amount-format';

/**
 * When an amount shown cut to its coin's precision is selected and copied on its own, the clipboard
 * gets every digit as a plain decimal (`19.985468211352636154`), the number a send form takes. A copy
 * of a wider selection is left alone.
 */
function copyExact(shown: CryptoDisplay) {
  return (event: ClipboardEvent<HTMLElement>) => {
    if (!shown.cut) return;
    const selection = window.getSelection();
    const element = event.currentTarget;
    if (!selection || !element.contains(selection.anchorNode) || !element.contains(selection.focusNode)) {
      return;
    }
    event.preventDefault();
    event.clipboardData.setData('text/plain', shown.plain);
  };
}

type CryptoValueProps = Omit<TextProps, 'children'> & {
  amount: string;
  code: string;
  /** `+0.50` / `−0.10` for history lines. */
  signed?: boolean;
  /** Every digit, not the coin's display precision: an amount confirmed before it moves for good. */
  exact?: boolean;
  'data-testid'?: string;
};

/**
 * A crypto amount at its coin's display precision (`19.98546821 ETH`), in tabular digits; when digits
 * were cut, the exact value is the hover text and what a copy of it gives (decision 0053).
 */
export function CryptoValue({ amount, code, signed, exact, ...props }: CryptoValueProps) {
  const format = useAmountFormat();
  const shown = format.cryptoDisplay(amount, code, { signed, exact });
  return (
    <Text
      span
      className={numericClass}
      title={shown.cut ? `${shown.exact} ${code}` : undefined}
      data-exact={shown.plain}
      onCopy={copyExact(shown)}
      {...props}
    >
      {shown.text} {code}
    </Text>
  );
}
