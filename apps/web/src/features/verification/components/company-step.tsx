import {
  CORPORATE_REDIRECT_MS,
  type CorporateAccount,
  type CorporateConversion,
  type CorporateStatus,
  type CurrentUser,
  type MyVerifications,
} from '@app/contract';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApiErrorText } from '@/shared/api';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { FormError } from '@/shared/ui/form-error';
import { IconShieldCheck } from '@/shared/ui/icons';
import { useConvertToPersonal, usePostponeCompanyVerification } from '../api/corporate';
import { useAttemptsLeft } from '../api/requests';
import { useKycFormat } from '../hooks/use-kyc-format';
import { isInReview, isOpen, latestOf } from '../utils/requests';
import { STEP_TITLE_IDS } from '../utils/steps';
import { verificationErrorText } from '../utils/verification-errors';
import { CompanyDetailsForm } from './company-details-form';
import { AttemptsNote } from './attempts-note';
import { DocumentList } from './document-list';
import { RequestStatus } from './request-status';

const STATUS_COLORS: Record<CorporateStatus, string> = {
  application_submitted: 'orange',
  application_waiting_resubmission: 'orange',
  in_review: 'blue',
  application_approved: 'teal',
  application_rejected: 'red',
};

/** The statuses in which the company still owes its papers: the reminder can be put off then. */
export const owesPapers = (status: CorporateStatus) =>
  status === 'application_submitted' || status === 'application_waiting_resubmission';

/** Whether the owner put the company verification off and that time has not passed. */
export const isPostponed = (account: CorporateAccount, now = Date.now()) =>
  account.postponedUntil !== null && Date.parse(account.postponedUntil) > now;

/**
 * After a conversion the spec sends the trader on after 4 seconds: a countdown they can skip, then the
 * page the server named (the company's papers, on this page), landing on this step's heading.
 */
function ConversionRedirect({ conversion }: { conversion: CorporateConversion }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [left, setLeft] = useState(Math.round(CORPORATE_REDIRECT_MS / 1000));
  const target = conversion.redirect ? `${localize(conversion.redirect)}#${STEP_TITLE_IDS.company}` : null;
  useEffect(() => {
    if (!target) return;
    const tick = window.setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    const go = window.setTimeout(() => {
      void navigate(target, { replace: true });
      document.getElementById(STEP_TITLE_IDS.company)?.scrollIntoView({ block: 'start' });
    }, CORPORATE_REDIRECT_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(go);
    };
  }, [navigate, target]);
  return (
    <Alert color="teal" variant="light" role="status" data-testid="corporate-converted">
      <Text size="sm">
        {conversion.corporateAccount
          ? t('verification.company.convertedToCorporate')
          : t('verification.company.convertedToPersonal')}{' '}
        {target ? (
          <>
            {t('verification.company.redirecting', { count: left })}{' '}
            <Anchor component={Link} to={target} inherit>
              {t('verification.company.goNow')}
            </Anchor>
          </>
        ) : null}
      </Text>
    </Alert>
  );
}

/** What the application says: the status, the names, the number and the country. */
function CompanySummary({ account }: { account: CorporateAccount }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  return (
    <Stack gap={6} data-testid="corporate-account" data-status={account.status}>
      <Group gap="xs" wrap="wrap">
        <Badge color={STATUS_COLORS[account.status]} variant="light" data-testid="corporate-status">
          {t(`verification.company.statuses.${account.status}`)}
        </Badge>
        {isPostponed(account) && account.postponedUntil ? (
          <Text size="xs" c="dimmed" data-testid="corporate-postponed">
            {t('verification.company.postponedUntil', { date: format.date(account.postponedUntil) })}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {account.legalName}
        {account.businessName ? ` (${account.businessName})` : ''}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('verification.company.registered', {
          number: account.registrationNumber,
          country: account.countryIso3,
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('verification.company.showsAs', {
          name: t(`verification.company.display.${account.nameDisplay}`),
        })}
      </Text>
    </Stack>
  );
}

/** Back to a personal account: the company verification ends, so it is asked first. */
function ConvertToPersonal({ onDone }: { onDone: (conversion: CorporateConversion) => void }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const fallbackText = useApiErrorText();
  const convert = useConvertToPersonal();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    convert.mutate(undefined, {
      onSuccess: (conversion) => {
        setAsking(false);
        onDone(conversion);
      },
      onError: (failure) => setError(verificationErrorText(t, failure, fallbackText, format.dateTime)),
    });
  };
  return (
    <>
      <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)}>
        {t('verification.company.toPersonal')}
      </Button>
      <Modal
        opened={asking}
        onClose={() => (convert.isPending ? undefined : setAsking(false))}
        title={t('verification.company.toPersonalTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('verification.company.toPersonalBody')}</Text>
          <FormError message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={convert.isPending}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={convert.isPending}>
              {t('verification.company.toPersonalConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** "Remind me later": the company verification's reminder hidden for a week. */
export function PostponeButton({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const fallbackText = useApiErrorText();
  const postpone = usePostponeCompanyVerification();
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        size={size}
        loading={postpone.isPending}
        onClick={() => postpone.mutate()}
        data-testid="corporate-postpone"
      >
        {t('verification.company.postpone')}
      </Button>
      {postpone.isError ? (
        <FormError message={verificationErrorText(t, postpone.error, fallbackText, format.dateTime)} />
      ) : null}
    </Stack>
  );
}

/**
 * Step four, for companies: convert the account into a company's (its application), send its papers
 * (the certificate of incorporation or a registry extract, a picture or a PDF), and follow the review;
 * put the reminder off, correct the application, or make the account personal again.
 */
export function CompanyStep({ data, user }: { data: MyVerifications; user: CurrentUser }) {
  const { t } = useTranslation();
  const account = user.corporateAccount;
  const request = latestOf(data.requests, 'company');
  const attempts = useAttemptsLeft('company').data;
  const [editing, setEditing] = useState(false);
  const [conversion, setConversion] = useState<CorporateConversion | null>(null);
  const done = (answer: CorporateConversion) => {
    setEditing(false);
    setConversion(answer);
  };
  const notice = conversion ? (
    <ConversionRedirect key={String(conversion.redirect)} conversion={conversion} />
  ) : null;

  if (!account) {
    return (
      <Stack gap="md">
        {notice}
        <Text size="sm">{t('verification.company.intro')}</Text>
        {editing ? (
          <CompanyDetailsForm account={null} onSaved={done} onCancel={() => setEditing(false)} />
        ) : (
          <Group>
            <Button variant="light" onClick={() => setEditing(true)} data-testid="corporate-start">
              {t('verification.company.start')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  const open = request && account.verificationRequestId === request.id && isOpen(request) ? request : null;
  const inReview = request && isInReview(request) ? request : null;
  const canEdit = account.status !== 'in_review' && account.status !== 'application_approved';
  return (
    <Stack gap="md">
      {notice}
      <CompanySummary account={account} />
      {account.status === 'application_approved' ? (
        <Alert color="teal" variant="light" icon={<IconShieldCheck />} data-testid="corporate-verified">
          {t('verification.company.verified')}
        </Alert>
      ) : null}
      {request && (open || inReview || account.status === 'application_rejected') ? (
        <RequestStatus request={request} />
      ) : null}
      {editing ? (
        <>
          {/* A new application is a new attempt; correcting the open one is not. */}
          {attempts && !open ? <AttemptsNote attempts={attempts} /> : null}
          <CompanyDetailsForm account={account} onSaved={done} onCancel={() => setEditing(false)} />
        </>
      ) : null}
      {open ? (
        <>
          <Text size="sm">{t('verification.company.uploadIntro')}</Text>
          <DocumentList request={open} acceptsPdf />
        </>
      ) : inReview ? (
        <DocumentList request={inReview} acceptsPdf />
      ) : null}
      <Group gap="sm" wrap="wrap">
        {canEdit && !editing ? (
          <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
            {account.status === 'application_rejected' || !open
              ? t('verification.company.applyAgain')
              : t('verification.company.correct')}
          </Button>
        ) : null}
        {owesPapers(account.status) && !isPostponed(account) ? <PostponeButton /> : null}
        <ConvertToPersonal onDone={done} />
      </Group>
    </Stack>
  );
}
