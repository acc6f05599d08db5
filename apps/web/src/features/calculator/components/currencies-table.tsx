import { cryptoToFiat, type CalculatorCurrency } from '@app/contract';
import { Anchor, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDecimalString } from '@/features/catalogue';
import { useLocale } from '@/shared/i18n/locale-context';
import { CALCULATOR_CRYPTO } from '../utils/calculator-path';
import classes from './calculator.module.css';

/** Rows shown before "Show all": the popular currencies come first in the list. */
const FIRST_ROWS = 10;

type CurrenciesTableProps = {
  currencies: CalculatorCurrency[];
  selectedCode: string;
  /** The BTC amount of the converter, a decimal string. */
  cryptoAmount: string;
  /** The localized address of a currency's calculator. */
  pathOf: (code: string) => string;
};

/** The currencies widget: 1 BTC and the converter's BTC amount in each calculator currency. */
export function CurrenciesTable({ currencies, selectedCode, cryptoAmount, pathOf }: CurrenciesTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? currencies : currencies.slice(0, FIRST_ROWS);
  const fiat = (value: string, precision: number) =>
    formatDecimalString(value, locale, { minFraction: precision, maxFraction: precision });
  const amountLabel = `${formatDecimalString(cryptoAmount, locale, { maxFraction: 8 })} ${CALCULATOR_CRYPTO}`;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="currencies-title">
      <Title id="currencies-title" order={2} fz={{ base: 'lg', sm: 'xl' }} mb={4}>
        {t('catalogue.calculator.table.title', { crypto: CALCULATOR_CRYPTO })}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('catalogue.calculator.table.lead', { crypto: CALCULATOR_CRYPTO })}
      </Text>
      <Table.ScrollContainer minWidth={248} type="native">
        <Table verticalSpacing="xs" highlightOnHover data-testid="currencies-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('catalogue.calculator.table.currency')}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('catalogue.calculator.table.rate', { crypto: CALCULATOR_CRYPTO })}
              </Table.Th>
              <Table.Th ta="right" className={classes.numeric}>
                {amountLabel}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((currency) => {
              const selected = currency.code === selectedCode;
              const rate = fiat(currency.rate.btc, currency.precision);
              return (
                <Table.Tr
                  key={currency.code}
                  className={selected ? classes.selectedRow : undefined}
                  aria-current={selected ? 'true' : undefined}
                >
                  <Table.Td>
                    <Anchor component={Link} to={pathOf(currency.code)} fw={700} size="sm">
                      {currency.code}
                    </Anchor>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {currency.name.localized}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" className={classes.numeric} visibleFrom="sm">
                    {rate}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.numeric}>
                    <Text span fw={600} size="sm">
                      {fiat(
                        cryptoToFiat(cryptoAmount, currency.rate.btc, currency.precision),
                        currency.precision,
                      )}
                    </Text>
                    {/* Phones have no room for the rate column: the rate goes under the value. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ whiteSpace: 'normal' }}>
                      {t('catalogue.calculator.table.rateShort', { crypto: CALCULATOR_CRYPTO })}{' '}
                      <span className={classes.numeric}>{rate}</span>
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {currencies.length > FIRST_ROWS ? (
        <Group justify="center" mt="sm">
          <Button variant="subtle" onClick={() => setShowAll((value) => !value)} aria-expanded={showAll}>
            {showAll
              ? t('catalogue.calculator.table.showFewer')
              : t('catalogue.calculator.table.showAll', { count: currencies.length })}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
