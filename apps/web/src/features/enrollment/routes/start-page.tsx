import { detectEnrollmentFlow } from '@equip/domain/enrollment';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Card } from '@/ui/card';
import { PublicLinks } from '@/ui/public-links';
import { StepList } from '@/ui/step-list';
import { EmailStep } from '../components/email-step';
import { FinishStep } from '../components/finish-step';
import { NotRecognisedStep } from '../components/not-recognised-step';
import { OtpStep } from '../components/otp-step';
import { SuccessStep } from '../components/success-step';
import {
  initialEnrollmentState,
  saveEnrollment,
  selectEnrollment,
  setEnrollmentFlow,
} from '../enrollment-slice';

/**
 * `/start`: unified enrolment of the device the person is on (SPEC §2: Email → OTP → Success → Finish,
 * or "device not recognised"). The flow comes from the browser, or from an Apple Business Manager link
 * (`/start?flow=ABM_MAC`).
 */
export function StartPage() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const state = useAppSelector(selectEnrollment) ?? initialEnrollmentState;
  const requestedFlow = params.get('flow');

  // A reload comes back to this step (the session while it lasts; see keptEnrollment).
  useEffect(() => saveEnrollment(state), [state]);

  useEffect(() => {
    dispatch(
      setEnrollmentFlow(
        detectEnrollmentFlow({
          userAgent: navigator.userAgent,
          maxTouchPoints: navigator.maxTouchPoints,
          requestedFlow,
        }),
      ),
    );
  }, [dispatch, requestedFlow]);

  const steps = [
    { id: 'Email', label: t`Email` },
    { id: 'OTP', label: t`Code` },
    { id: 'Success', label: t`Device` },
    { id: 'Finish', label: t`Finish` },
  ];
  const current = state.step === 'DeviceNotRecognised' ? 'Success' : state.step;

  return (
    <Card className="space-y-6 p-8">
      <div className="space-y-2 text-center">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          <Trans>Enrol your device</Trans>
        </h1>
        <p className="text-sm text-slate-500">
          <Trans>Connect this device to your organisation in a couple of minutes.</Trans>
        </p>
      </div>
      <StepList label={t`Enrolment steps`} steps={steps} current={current} />
      {state.step === 'Email' ? <EmailStep initialEmail={state.email} /> : null}
      {state.step === 'OTP' ? <OtpStep state={state} /> : null}
      {state.step === 'Success' ? <SuccessStep state={state} /> : null}
      {state.step === 'Finish' ? <FinishStep state={state} server={window.location.origin} /> : null}
      {state.step === 'DeviceNotRecognised' ? <NotRecognisedStep /> : null}
      <PublicLinks />
    </Card>
  );
}
