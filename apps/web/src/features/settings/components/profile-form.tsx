import {
  BIO_MAX,
  bioContactKind,
  fullNameDisplayForms,
  fullNameVisibilityTypes,
  type UserSettings,
} from '@app/contract';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsForm } from './settings-form';

/**
 * The profile: bio (checked as typed against the spec's rules, and by the server), the notification
 * interval for trade messages (digits only), full-name visibility and its display form.
 */
export function ProfileForm({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation();
  const { errors, submit, pending } = useSettingsForm();
  const [bio, setBio] = useState(settings.bio);
  const [interval, setInterval] = useState(String(settings.notifyTradeMessagesInterval));
  const [visibility, setVisibility] = useState(settings.fullNameVisibilityType);
  const [display, setDisplay] = useState(settings.fullNameDisplayType);
  // The contact rule said while typing, so a long bio is not refused only at "Save".
  const contactHint = bioContactKind(bio) ? t('settings.errors.bio_contact_error') : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit({
          bio,
          notify_trade_messages_interval: interval,
          full_name_visibility_type: visibility,
          full_name_display_type: display,
        });
      }}
      noValidate
      aria-label={t('settings.profile.title')}
    >
      <Stack gap="sm">
        <Textarea
          label={t('settings.profile.bio')}
          description={`${bio.length}/${BIO_MAX}`}
          value={bio}
          onChange={(event) => setBio(event.currentTarget.value)}
          error={errors.bio ?? contactHint}
          autosize
          minRows={3}
          maxRows={10}
        />
        <TextInput
          label={t('settings.profile.interval')}
          description={t('settings.profile.intervalHelp')}
          value={interval}
          onChange={(event) => setInterval(event.currentTarget.value)}
          error={errors.notify_trade_messages_interval}
          inputMode="numeric"
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('settings.profile.visibility')}
          description={t('settings.profile.visibilityHelp')}
          data={fullNameVisibilityTypes.map((value) => ({ value, label: t(`settings.visibility.${value}`) }))}
          value={visibility}
          onChange={(value) => value && setVisibility(value as UserSettings['fullNameVisibilityType'])}
          allowDeselect={false}
        />
        <Select
          label={t('settings.profile.display')}
          data={fullNameDisplayForms.map((value) => ({ value, label: t(`settings.display.${value}`) }))}
          value={display}
          onChange={(value) => value && setDisplay(value as UserSettings['fullNameDisplayType'])}
          allowDeselect={false}
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
