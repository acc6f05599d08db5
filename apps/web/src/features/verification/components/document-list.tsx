import type { VerificationRequest } from '@app/contract';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isOpen } from '../utils/requests';
import { DocumentSlot } from './document-slot';

/** The documents a request expects, side by side where there is room; uploads while it is open. */
export function DocumentList({ request, acceptsPdf }: { request: VerificationRequest; acceptsPdf: boolean }) {
  const { t } = useTranslation();
  if (request.documents.length === 0) return null;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: Math.min(3, request.documents.length) }}
      spacing="sm"
      aria-label={t('verification.documents.listLabel')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {request.documents.map((document) => (
        <DocumentSlot
          key={document.id}
          requestId={request.id}
          document={document}
          editable={isOpen(request)}
          acceptsPdf={acceptsPdf}
        />
      ))}
    </SimpleGrid>
  );
}
