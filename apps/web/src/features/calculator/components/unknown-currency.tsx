import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FiatCurrencyPicker } from '@/features/catalogue';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { IconSearch } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';
import { useCalculatorCurrencies } from '../api/get-calculator-currencies';
import { calculatorPath, CALCULATOR_CRYPTO } from '../utils/calculator-path';

/**
 * An address whose currency the calculator does not know (`/calculator/btc-to-xyz`): says so, links to
 * the USD calculator, and offers the currencies it does know.
 */
export function UnknownCurrency({ code }: { code: string }) {
  const { t } = useTranslation();
  const usdPath = useNamedRoute('calculator');
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const currencies = useCalculatorCurrencies();
  return (
    <StatusPage
      icon={<IconSearch size={30} />}
      title={t('catalogue.calculator.unknown.title')}
      description={t('catalogue.calculator.unknown.description', { code, crypto: CALCULATOR_CRYPTO })}
    >
      <Stack align="center" gap="md" mt="sm" w="100%">
        <Button component={Link} to={usdPath}>
          {t('catalogue.calculator.unknown.toUsd', { crypto: CALCULATOR_CRYPTO })}
        </Button>
        <FiatCurrencyPicker
          w="100%"
          maw={320}
          ta="left"
          label={t('catalogue.calculator.unknown.pick')}
          value={null}
          codes={currencies.data?.map((currency) => currency.code)}
          disabled={!currencies.data}
          onChange={(next) => {
            if (next) void navigate(localize(calculatorPath(next)));
          }}
        />
      </Stack>
    </StatusPage>
  );
}
