import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { startOver } from '../enrollment-slice';

/** The device is not one the organisation registered for this person (Apple Business Manager flows). */
export function NotRecognisedStep() {
  const dispatch = useAppDispatch();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="space-y-5">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-center text-lg font-semibold text-slate-900 outline-none"
      >
        <Trans>Device not recognised</Trans>
      </h2>
      <Alert variant="warning">
        <Trans>
          Your organisation has not registered this device for you. Ask your IT team to add it, or open this
          page on the device you were given.
        </Trans>
      </Alert>
      <Button className="w-full" onClick={() => dispatch(startOver())}>
        <Trans>Start over</Trans>
      </Button>
    </div>
  );
}
