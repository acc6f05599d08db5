import type { OfferEditorState } from '@app/contract';
import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, isApiError } from '@/shared/api';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { applyServerFieldErrors } from '@/shared/forms/field-errors';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { IconAlertCircle } from '@/shared/ui/icons';
import { useMyOffer } from '../api/get-my-offer';
import { useSaveOffer } from '../api/save-offer';
import { AmountFields } from '../components/amount-fields';
import { EditorContainer, EditorLoadError, EditorSkeleton } from '../components/editor-states';
import { FormSwitch } from '../components/form-toggles';
import { PriceFields } from '../components/price-fields';
import { offerContextOf, useOfferCatalogue } from '../hooks/use-offer-context';
import {
  applyLiteChanges,
  formFromBody,
  formPathOfBodyField,
  LITE_FIELDS,
  offerFormResolver,
  type OfferFormValues,
} from '../utils/offer-form';
import { offerErrorMessage, translateOfferFieldError } from '../utils/offer-errors';
import { offerEditorPath, walletBondPath } from '../utils/paths';
import type { SavedOfferNotice } from '../utils/saved-offer';

/**
 * The lite flow (`/offer-manager/lite/edit/{id}`): one screen for what a lite offer's owner changes
 * often (price, amounts, payment window, on/off). It saves through the same `PUT` as the full editor,
 * with every other field of the loaded offer sent back unchanged.
 */
export function LiteOfferPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('offerManager.lite.title'));
  const { id = '' } = useParams();
  const localize = useLocalizePath();
  const offer = useMyOffer(id);
  return (
    <EditorContainer>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('offerManager.lite.title')}
          </Title>
          <Text c="dimmed" size="sm" ff="monospace">
            {id}
          </Text>
        </div>
        <Anchor component={Link} to={localize(offerEditorPath(id, { skipLite: true }))} size="sm">
          {t('offerManager.lite.fullEditor')}
        </Anchor>
      </Group>
      {offer.isPending ? (
        <EditorSkeleton />
      ) : offer.isError ? (
        <EditorLoadError error={offer.error} onRetry={() => void offer.refetch()} />
      ) : (
        <LiteForm key={offer.dataUpdatedAt} id={id} state={offer.data} />
      )}
    </EditorContainer>
  );
}

function LiteForm({ id, state }: { id: string; state: OfferEditorState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const myOffersPath = useNamedRoute('myOffers');
  const walletPath = useNamedRoute('walletIndex');
  const catalogue = useOfferCatalogue();
  const save = useSaveOffer();
  const [formError, setFormError] = useState<string | null>(null);
  const { body } = state;
  const context = offerContextOf(body, catalogue);
  const form = useForm<OfferFormValues>({
    // Only the fields on this screen are judged here; the rest is the saved offer, the server's to judge.
    resolver: offerFormResolver(context, LITE_FIELDS),
    defaultValues: formFromBody(body),
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id, body: applyLiteChanges(body, values) });
      const notice: SavedOfferNotice = {
        idHashed: saved.idHashed,
        isActive: saved.isActive,
        isBondInsufficient: saved.depositInfo.isBondInsufficient,
        crypto: body.crypto_currency_code,
        mode: 'updated',
      };
      void navigate(`${myOffersPath}?type=${body.type}`, { state: { savedOffer: notice } });
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const onScreen = (field: string | null): field is string =>
          field !== null && (LITE_FIELDS as readonly string[]).includes(field);
        const details = error.details.flatMap((detail) => {
          const field = formPathOfBodyField(detail.field);
          return onScreen(field) ? [{ ...detail, field }] : [];
        });
        applyServerFieldErrors<OfferFormValues>(
          new ApiError(error.status, error.code, error.message, { details }),
          form.setError,
          details.map((detail) => detail.field as Path<OfferFormValues>),
        );
        // Problems with fields this screen does not show belong to the full editor.
        const elsewhere = error.details.filter((detail) => !onScreen(formPathOfBodyField(detail.field)));
        if (elsewhere.length > 0) {
          setFormError(
            `${t('offerManager.lite.otherFields')} ${elsewhere
              .map((detail) =>
                translateOfferFieldError(
                  t,
                  { type: detail.code, message: detail.message },
                  {
                    field: detail.field,
                    fiatPrecision: context.fiatPrecision,
                  },
                ),
              )
              .join(' ')}`,
          );
        }
        return;
      }
      setFormError(offerErrorMessage(t, error));
    }
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={t('offerManager.lite.formLabel')}
      >
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="lg">
            <Text fw={600}>
              {body.type === 'sell'
                ? t('offerManager.basics.sell', { crypto: body.crypto_currency_code })
                : t('offerManager.basics.buy', { crypto: body.crypto_currency_code })}{' '}
              · {body.fiat_currency_code} · {context.methodInfo?.name.localized ?? body.payment_method}
            </Text>
            {state.isBondInsufficient ? (
              <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
                <Text size="sm">
                  {t('offerManager.editor.bondInsufficient', { crypto: body.crypto_currency_code })}
                </Text>
                <Anchor component={Link} to={walletBondPath(walletPath, body.crypto_currency_code)} size="sm">
                  {t('offerManager.saved.bondLink', { crypto: body.crypto_currency_code })}
                </Anchor>
              </Alert>
            ) : null}
            {formError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle />}
                role="alert"
                data-testid="form-error"
              >
                {formError}
              </Alert>
            ) : null}
            <PriceFields fiatPrecision={context.fiatPrecision} idPrefix="lite" />
            <Divider />
            <AmountFields fiatPrecision={context.fiatPrecision} idPrefix="lite" />
            <Divider />
            <FormSwitch<OfferFormValues>
              name="is_active"
              label={t('offerManager.availability.active')}
              description={t('offerManager.availability.activeHint')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('offerManager.wizard.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </FormProvider>
  );
}
