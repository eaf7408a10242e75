import { Trans, useLingui } from '@lingui/react/macro';
import { Building2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { describeFailure, statusOf } from '@/lib/api/error-message';
import { useAppDispatch } from '@/lib/store';
import { useRequest } from '@/lib/use-request';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { registerEnrollmentDevice } from '../api/enrollment-api';
import { deviceNotRecognised, deviceRegistered, type EnrollmentState, startOver } from '../enrollment-slice';
import { useFlowLabel } from './flow-label';

/** Step 3: who is enrolling for which organisation; registering the device they are on. */
export function SuccessStep({ state }: { state: EnrollmentState }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const flowLabel = useFlowLabel(state.enrollmentFlow);
  const session = state.mfaLoginResponse;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const register = useRequest(registerEnrollmentDevice, {
    onSuccess: (device) => dispatch(deviceRegistered(device)),
    // The route's one 404 is "Device not recognised": the organisation did not register this device.
    onError: (error) => {
      if (statusOf(error) === 404) dispatch(deviceNotRecognised());
    },
  });

  if (!session) return null;
  const expired = state.tokenExpiryTime !== null && state.tokenExpiryTime < Date.now();
  const failure = register.isError ? describeFailure(register.error) : undefined;
  const ended = expired || failure?.kind === 'unauthenticated';
  const firstName = session.userFirstName;
  const organization = session.organizationName;

  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center gap-3 text-center">
        {session.organizationIcon ? (
          <img src={session.organizationIcon} alt="" className="size-12 rounded-lg object-contain" />
        ) : (
          <Building2 aria-hidden="true" className="size-12 text-slate-400" />
        )}
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          <Trans>Welcome, {firstName}</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>
            You are enrolling this device with {organization}. We detected: {flowLabel}.
          </Trans>
        </p>
      </div>
      {ended ? (
        <>
          <Alert variant="warning" title={t`Enrolment expired`}>
            <Trans>Your enrolment session has ended. Start again with your email.</Trans>
          </Alert>
          <Button className="w-full" onClick={() => dispatch(startOver())}>
            <Trans>Start over</Trans>
          </Button>
        </>
      ) : (
        <>
          {failure ? <Alert variant="error">{failure.message}</Alert> : null}
          <Button
            className="w-full"
            loading={register.isPending}
            onClick={() =>
              register.send({
                accessToken: session.accessToken,
                request: { enrollmentFlow: state.enrollmentFlow },
              })
            }
          >
            {register.isPending ? <Trans>Registering…</Trans> : <Trans>Register this device</Trans>}
          </Button>
        </>
      )}
    </div>
  );
}
