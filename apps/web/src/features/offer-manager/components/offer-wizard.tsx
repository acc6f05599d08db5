import { Alert, Button, Group, Paper, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, isApiError } from '@/shared/api';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { applyServerFieldErrors } from '@/shared/forms/field-errors';
import { IconAlertCircle } from '@/shared/ui/icons';
import { useSaveOffer } from '../api/save-offer';
import { offerContextOf, useOfferCatalogue } from '../hooks/use-offer-context';
import {
  errorPaths,
  fieldsOfStep,
  firstStepWithError,
  formPathOfBodyField,
  offerFormResolver,
  REVIEW_STEP,
  toOfferBody,
  WIZARD_STEPS,
  type OfferFormValues,
} from '../utils/offer-form';
import { offerErrorMessage, translateOfferFieldError } from '../utils/offer-errors';
import type { SavedOfferNotice } from '../utils/saved-offer';
import { AmountFields } from './amount-fields';
import { PriceFields } from './price-fields';
import { StepAvailability } from './step-availability';
import { StepBasics } from './step-basics';
import { StepReview } from './step-review';
import { StepTerms } from './step-terms';

type OfferWizardProps = {
  /** The offer being edited; absent when creating one. */
  id?: string;
  initialValues: OfferFormValues;
  /** The loaded offer's bond falls short (edit only). */
  isBondInsufficient?: boolean;
};

/**
 * The offer editor in five steps (Mantine Stepper): basics, price and amounts, terms, availability, then
 * a review that publishes. "Next" checks only the current step (and focuses its first error); the
 * server's 422 details are put on
 * their fields and the wizard goes back to the first step holding one. After saving, the my-offers page
 * opens on the offer's tab and says what happened (saved inactive for a short bond, with the way to the
 * wallet's bond panel).
 */
export function OfferWizard({ id, initialValues, isBondInsufficient = false }: OfferWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const myOffersPath = useNamedRoute('myOffers');
  const compact = useMediaQuery('(max-width: 48em)');
  const isEdit = id !== undefined;
  const [active, setActive] = useState(0);
  // Steps already reached may be revisited from the stepper; in the editor every step is filled already.
  const [reached, setReached] = useState(isEdit ? REVIEW_STEP : 0);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveOffer();

  // useForm takes the resolver of the latest render; it judges the values it is given against the
  // catalogue (the currency's precision, what the method allows) and the server's bounds (margin, USD
  // ceiling), so the checks follow every choice. Each field is judged as it is typed ("onChange"): a
  // margin of -80 % is refused on its step, not by the server after "Publish".
  const catalogue = useOfferCatalogue();
  const form = useForm<OfferFormValues>({
    resolver: (values, resolverContext, options) =>
      offerFormResolver(offerContextOf(values, catalogue))(values, resolverContext, options),
    defaultValues: initialValues,
    mode: 'onChange',
  });
  const { control, trigger, handleSubmit, setError } = form;
  const [crypto, fiat, method] = useWatch({
    control,
    name: ['crypto_currency_code', 'fiat_currency_code', 'payment_method'],
  });
  const context = offerContextOf(
    { crypto_currency_code: crypto, fiat_currency_code: fiat, payment_method: method },
    catalogue,
  );

  const goTo = (step: number) => {
    setActive(step);
    setReached((current) => Math.max(current, step));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const next = async () => {
    const valid = await trigger(fieldsOfStep(active), { shouldFocus: true });
    if (valid) goTo(active + 1);
  };

  const onInvalid = (errors: FieldErrors<OfferFormValues>) => {
    const step = firstStepWithError(errorPaths(errors));
    if (step !== null) goTo(step);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id, body: toOfferBody(values, context.method) });
      const notice: SavedOfferNotice = {
        idHashed: saved.idHashed,
        isActive: saved.isActive,
        isBondInsufficient: saved.depositInfo.isBondInsufficient,
        crypto: values.crypto_currency_code,
        mode: isEdit ? 'updated' : 'created',
      };
      void navigate(`${myOffersPath}?type=${values.type}`, { state: { savedOffer: notice } });
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        // The server names body fields (`predefined_amount.2`, `offer_cap`); the form shows them here.
        const details = error.details.flatMap((detail) => {
          const field = formPathOfBodyField(detail.field);
          return field ? [{ ...detail, field }] : [];
        });
        const mapped = new ApiError(error.status, error.code, error.message, { details });
        const unmatched = [
          ...applyServerFieldErrors<OfferFormValues>(
            mapped,
            setError,
            details.map((detail) => detail.field as Path<OfferFormValues>),
          ),
          ...error.details.filter((detail) => formPathOfBodyField(detail.field) === null),
        ];
        if (unmatched.length > 0) {
          setFormError(
            unmatched
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
              .join(' '),
          );
        }
        const step = firstStepWithError(details.map((detail) => detail.field));
        goTo(step ?? REVIEW_STEP);
        return;
      }
      setFormError(offerErrorMessage(t, error));
    }
  }, onInvalid);

  const stepContent = (step: number) => {
    switch (WIZARD_STEPS[step]) {
      case 'basics':
        return <StepBasics context={context} isNew={!isEdit} />;
      case 'pricing':
        return (
          <Stack gap="xl">
            <PriceFields fiatPrecision={context.fiatPrecision} />
            <AmountFields fiatPrecision={context.fiatPrecision} />
          </Stack>
        );
      case 'terms':
        return <StepTerms context={context} />;
      case 'availability':
        return <StepAvailability context={context} />;
      case 'review':
        return <StepReview context={context} onEdit={goTo} isBondInsufficient={isBondInsufficient} />;
      case undefined:
        return null;
    }
  };

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={
          isEdit ? t('offerManager.wizard.editFormLabel') : t('offerManager.wizard.createFormLabel')
        }
      >
        <Stack gap="lg">
          <Stepper
            active={active}
            onStepClick={(step) => {
              if (step <= reached) goTo(step);
            }}
            allowNextStepsSelect={isEdit}
            size={compact ? 'xs' : 'sm'}
            wrap
          >
            {WIZARD_STEPS.map((step, index) => (
              <Stepper.Step
                key={step}
                label={compact ? undefined : t(`offerManager.steps.${step}`)}
                // The number and the label are two words on screen; without the space they are one run
                // of text ("1Basics") that the name below would not contain (axe reads text nodes joined).
                icon={`${index + 1} `}
                // The name holds the number the step shows, so speech users can say what they see.
                aria-label={t('offerManager.wizard.stepButton', {
                  number: index + 1,
                  title: t(`offerManager.steps.${step}`),
                })}
                allowStepSelect={index <= reached}
              />
            ))}
          </Stepper>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="lg">
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
              <Title order={2} fz="lg">
                {t('offerManager.wizard.stepTitle', {
                  number: active + 1,
                  total: WIZARD_STEPS.length,
                  title: t(`offerManager.steps.${WIZARD_STEPS[active] ?? 'review'}`),
                })}
              </Title>
              <div data-testid={`wizard-step-${WIZARD_STEPS[active] ?? 'review'}`}>{stepContent(active)}</div>
            </Stack>
          </Paper>
          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(active - 1)} disabled={active === 0}>
              {t('offerManager.wizard.back')}
            </Button>
            {/* Separate keys: React must not turn the clicked "Next" into the submit button while the
                click is still being handled, or the browser would submit the form right away. */}
            {active < REVIEW_STEP ? (
              <Button key="next" onClick={() => void next()}>
                {t('offerManager.wizard.next')}
              </Button>
            ) : (
              <Button key="submit" type="submit" loading={save.isPending}>
                {isEdit ? t('offerManager.wizard.save') : t('offerManager.wizard.publish')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
