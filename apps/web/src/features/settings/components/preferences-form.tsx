import { supportedLocales, type UserSettings } from '@app/contract';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FiatCurrencyPicker } from '@/features/catalogue/components/fiat-currency-picker';
import { localizePath } from '@/shared/i18n/locale-path';
import { useSettingsForm } from './settings-form';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };

/** Every time zone this browser knows (IANA names), for the search box. */
function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
}

/**
 * Localization: the language (pages, mails), the preferred currency (the wallet's totals, the market's
 * default), the time zone (mails' times). A new language takes the page to its own address.
 */
export function PreferencesForm({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errors, submit, pending } = useSettingsForm();
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(settings.timezone) ? all : [settings.timezone, ...all];
  }, [settings.timezone]);
  const [locale, setLocale] = useState(settings.locale);
  const [currency, setCurrency] = useState<string | null>(settings.fiatCurrencyCode);
  const [timezone, setTimezone] = useState(settings.timezone);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const language = locale as (typeof supportedLocales)[number];
        submit({ locale: language, fiat_currency_code: currency ?? undefined, timezone }, () => {
          if (language !== settings.locale) void navigate(localizePath('/user/settings', language));
        });
      }}
      noValidate
      aria-label={t('settings.preferences.title')}
    >
      <Stack gap="sm">
        <Select
          label={t('settings.preferences.language')}
          data={supportedLocales.map((value) => ({ value, label: LANGUAGE_NAMES[value] ?? value }))}
          value={locale}
          onChange={(value) => value && setLocale(value)}
          allowDeselect={false}
          error={errors.locale}
        />
        <FiatCurrencyPicker
          label={t('settings.preferences.currency')}
          value={currency}
          onChange={(code) => setCurrency(code)}
          error={errors.fiat_currency_code}
        />
        <Select
          label={t('settings.preferences.timezone')}
          data={zones}
          value={timezone}
          onChange={(value) => value && setTimezone(value)}
          searchable
          allowDeselect={false}
          limit={200}
          error={errors.timezone}
        />
        <Group>
          <Button type="submit" loading={pending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
