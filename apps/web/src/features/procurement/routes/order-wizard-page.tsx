import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { usePlaceOrder } from '../api/place-order';
import {
  DeliveryAddressStep,
  DevicesSelectionStep,
  OrderSummaryStep,
} from '../components/order-wizard-steps';
import { type AddressErrors, addressErrors } from '../lib/address-errors';
import { ORDER_WIZARD_STEP_LABELS } from '../lib/procurement-labels';
import {
  clearOrder,
  goToStep,
  selectOrder,
  selectOrderIsDirty,
  setDraftUuid,
  WIZARD_STEPS,
  type WizardStep,
  type WizardStepState,
  wizardStepStates,
} from '../procurement-slice';

/** The steps as links: a step opens when it is accessible and enabled; completed ones are ticked. */
function OrderSteps({
  states,
  current,
  onOpen,
}: {
  states: WizardStepState[];
  current: WizardStep;
  onOpen: (step: WizardStep) => void;
}) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Order steps`}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-3">
        {states.map((state, index) => {
          const active = state.step === current;
          const open = state.isAccessible && state.isEnabled;
          return (
            <li key={state.step} className="flex items-center gap-2">
              <button
                type="button"
                disabled={!open || active}
                aria-current={active ? 'step' : undefined}
                onClick={() => onOpen(state.step)}
                className={cn(
                  'inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
                  active && 'bg-indigo-600 text-white',
                  !active && state.isCompleted && 'bg-indigo-50 text-indigo-700 hover:bg-indigo-100',
                  !active &&
                    !state.isCompleted &&
                    open &&
                    'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
                  !active && !open && 'cursor-not-allowed bg-slate-100 text-slate-400',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-5 items-center justify-center rounded-full bg-white/20 text-xs"
                >
                  {state.isCompleted && !active ? <Check className="size-3" /> : index + 1}
                </span>
                {ORDER_WIZARD_STEP_LABELS[state.step]}
                {state.isCompleted ? <span className="sr-only"> {t`(completed)`}</span> : null}
                {!open ? <span className="sr-only"> {t`(not available yet)`}</span> : null}
              </button>
              {index < states.length - 1 ? (
                <span aria-hidden="true" className="h-px w-6 bg-slate-300" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The order wizard (SPEC §2) at `/dashboard/action/order/{step}`: devices-selection → delivery-address →
 * summary. The work is the `procurement` slice, so leaving and coming back loses nothing; a step opens
 * once the one before it was left, and only while the steps before it hold valid data. Finishing makes
 * the draft and its checkout with the provider, clears the flow and shows the checkout on the orders page.
 */
export function OrderWizardPage() {
  const { t } = useLingui();
  const { step } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrder);
  const dirty = useAppSelector(selectOrderIsDirty);
  const user = useCurrentUser();
  const place = usePlaceOrder();
  const [showErrors, setShowErrors] = useState<WizardStep | null>(null);
  // Cleared once the wizard has left for the orders page (not before: it would go back to its first step).
  const finished = useRef(false);
  useEffect(
    () => () => {
      if (finished.current) dispatch(clearOrder());
    },
    [dispatch],
  );
  useEffect(() => {
    if (!dirty || finished.current) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const errors: AddressErrors = addressErrors(order.address);
  const valid: Record<WizardStep, boolean> = {
    'devices-selection': order.lines.length > 0,
    'delivery-address': order.addressFilledFor !== null && Object.keys(errors).length === 0,
    summary: true,
  };
  const states = wizardStepStates(order, valid);
  const requested = WIZARD_STEPS.find((candidate) => candidate === step);
  const requestedState = states.find((s) => s.step === requested);
  const reachable = requestedState?.isAccessible && requestedState.isEnabled;

  // An address typed in (Back / Forward, a link) moves the wizard there when that step may open.
  useEffect(() => {
    if (requested && reachable && requested !== order.activeStep) dispatch(goToStep(requested));
  }, [requested, reachable, order.activeStep, dispatch]);

  if (!requested || !reachable)
    return <Navigate to={paths.dashboard.orderWizard(order.activeStep)} replace />;
  const current = requested;
  const index = WIZARD_STEPS.indexOf(current);
  const previous = WIZARD_STEPS[index - 1];
  const next = WIZARD_STEPS[index + 1];

  const open = (target: WizardStep) => {
    setShowErrors(null);
    dispatch(goToStep(target));
    navigate(paths.dashboard.orderWizard(target));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid[current]) {
      setShowErrors(current);
      return;
    }
    if (next) {
      open(next);
      return;
    }
    if (!user) return;
    place.mutate(
      {
        draftUuid: order.draftUuid,
        onDraft: (uuid) => dispatch(setDraftUuid(uuid)),
        input: {
          procurementIntent: order.recipient ? 'Onboarding' : 'HardwareRequest',
          buyerUserUuid: user.identifier,
          ...(order.recipient ? { recipientUserUuid: order.recipient.uuid } : {}),
          purchaseType: order.purchaseType,
          deliveryAddress: {
            recipient: order.address.recipient.trim(),
            ...(order.address.careOf.trim() ? { careOf: order.address.careOf.trim() } : {}),
            address: order.address.address.trim(),
            city: order.address.city.trim(),
            postalCode: order.address.postalCode.trim(),
            country: order.address.country,
          },
          items: order.lines.map((line) => ({
            quantity: line.quantity,
            procurementItemSpecificationUuid: line.specificationUuid,
          })),
        },
      },
      {
        onSuccess: (checkout) => {
          finished.current = true;
          navigate(`${paths.dashboard.orders()}?checkout=${encodeURIComponent(checkout.uuid)}`);
        },
      },
    );
  };

  const description = {
    'devices-selection': t`Choose how to pay, for whom, and the devices from the catalog.`,
    'delivery-address': t`Where the devices are delivered.`,
    summary: t`Check the order before it is sent to TopiComspot.`,
  }[current];

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <BackLink to={paths.dashboard.orders()}>
        <Trans>Orders</Trans>
      </BackLink>
      <PageHeader description={description} />
      <OrderSteps states={states} current={current} onOpen={open} />
      {current === 'devices-selection' ? (
        <DevicesSelectionStep
          error={showErrors === 'devices-selection' ? t`Add at least one device to continue.` : undefined}
        />
      ) : null}
      {current === 'delivery-address' ? (
        <DeliveryAddressStep errors={showErrors === 'delivery-address' ? errors : {}} />
      ) : null}
      {current === 'summary' ? <OrderSummaryStep /> : null}
      {place.isError ? (
        <Alert variant="error">{errorMessage(place.error, t`Could not place the order`)}</Alert>
      ) : null}
      <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4">
        {previous ? (
          <Button type="button" variant="secondary" onClick={() => open(previous)}>
            <ArrowLeft aria-hidden="true" />
            <Trans>Back</Trans>
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={place.isPending}>
          {next ? (
            <>
              <Trans>Continue</Trans>
              <ArrowRight aria-hidden="true" />
            </>
          ) : (
            <>
              <Check aria-hidden="true" />
              <Trans>Place order</Trans>
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
