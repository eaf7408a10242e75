import { Trans } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { connectivity } from '@/lib/connectivity';
import { Button } from './button';

function subscribe(onChange: () => void) {
  const unsubscribe = connectivity.subscribe(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isConnected = () => navigator.onLine && connectivity.isReachable();

/**
 * Says so while Equip cannot be reached (no network, or the API does not answer), with a button to try
 * at once; it disappears by itself when the connection is back and the pages reload their data.
 */
export function OfflineBanner() {
  const connected = useSyncExternalStore(subscribe, isConnected);
  const [checking, setChecking] = useState(false);
  if (connected) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-8"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
      <p className="flex-1">
        {navigator.onLine ? (
          <Trans>
            Equip cannot be reached right now. What you see may be out of date; it updates by itself once
            Equip answers again.
          </Trans>
        ) : (
          <Trans>
            You are offline. What you see may be out of date; it updates by itself once you are back online.
          </Trans>
        )}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={checking}
        onClick={async () => {
          setChecking(true);
          await connectivity.checkNow();
          setChecking(false);
        }}
      >
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
