import { Alert, Anchor, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { IconAlertCircle } from '@/shared/ui/icons';
import { useMyOffer } from '../api/get-my-offer';
import { EditorContainer, EditorLoadError, EditorSkeleton } from '../components/editor-states';
import { OfferWizard } from '../components/offer-wizard';
import { defaultOfferFormValues, formFromBody } from '../utils/offer-form';
import { liteEditorPath, walletBondPath } from '../utils/paths';
import { offerFormFromQuery } from '../utils/query-prefill';
import { defaultOfferTimezone } from '../utils/timezone';

/**
 * The offer editor: `/offer-manager/edit` creates an offer (fields may come prefilled from the query),
 * `/offer-manager/edit/{id}` edits one. A lite offer opens in the lite editor unless `skipLite=true`.
 */
export function OfferEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return id ? <EditOffer id={id} /> : <CreateOffer key={params.toString()} query={params} />;
}

function CreateOffer({ query }: { query: URLSearchParams }) {
  const { t } = useTranslation();
  useDocumentTitle(t('offerManager.editor.createTitle'));
  const { data: user } = useCurrentUser();
  // Taken once: the form owns the values from here on.
  const [initialValues] = useState(() =>
    defaultOfferFormValues({
      fiat_currency_code: user?.currency || 'USD',
      timezone: defaultOfferTimezone(user?.timezone),
      ...offerFormFromQuery(query),
    }),
  );
  return (
    <EditorContainer>
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('offerManager.editor.createTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('offerManager.editor.createSubtitle')}
        </Text>
      </div>
      <OfferWizard initialValues={initialValues} />
    </EditorContainer>
  );
}

function EditOffer({ id }: { id: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('offerManager.editor.editTitle'));
  const localize = useLocalizePath();
  const walletPath = useNamedRoute('walletIndex');
  const [params] = useSearchParams();
  const offer = useMyOffer(id);

  if (offer.data && offer.data.body.flow_type === 'lite' && params.get('skipLite') !== 'true') {
    return <Navigate to={localize(liteEditorPath(id))} replace />;
  }
  return (
    <EditorContainer>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('offerManager.editor.editTitle')}
          </Title>
          <Text c="dimmed" size="sm" ff="monospace">
            {id}
          </Text>
        </div>
      </Group>
      {offer.isPending ? (
        <EditorSkeleton />
      ) : offer.isError ? (
        <EditorLoadError error={offer.error} onRetry={() => void offer.refetch()} />
      ) : (
        <>
          {offer.data.isBondInsufficient ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertCircle />}
              data-testid="editor-bond-warning"
            >
              <Text size="sm">
                {t('offerManager.editor.bondInsufficient', { crypto: offer.data.body.crypto_currency_code })}
              </Text>
              <Anchor
                component={Link}
                to={walletBondPath(walletPath, offer.data.body.crypto_currency_code)}
                size="sm"
              >
                {t('offerManager.saved.bondLink', { crypto: offer.data.body.crypto_currency_code })}
              </Anchor>
            </Alert>
          ) : null}
          <OfferWizard
            key={offer.dataUpdatedAt}
            id={id}
            initialValues={formFromBody(offer.data.body)}
            isBondInsufficient={offer.data.isBondInsufficient}
          />
        </>
      )}
    </EditorContainer>
  );
}
