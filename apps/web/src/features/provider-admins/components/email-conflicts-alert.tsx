import { Plural, Trans } from '@lingui/react/macro';
import { fullName } from '@/lib/format';
import { Alert } from '@/ui/alert';
import { useEmailConflicts } from '../api/get-email-conflicts';

/**
 * Shown to provider admins while accounts of the installation share an email (left from before an email
 * identified one account): who shares which, so that all but one can be given another email. Nothing
 * shows while there is none, or while the list cannot be read (the page's own table says so then).
 */
export function EmailConflictsAlert() {
  const conflicts = useEmailConflicts();
  const items = conflicts.data ?? [];
  if (items.length === 0) return null;
  const count = items.length;
  return (
    <Alert
      variant="warning"
      title={
        <Plural
          value={count}
          one="# email belongs to several accounts"
          other="# emails belong to several accounts"
        />
      }
    >
      <p>
        <Trans>
          These accounts cannot sign in with their email, reset their password or enrol a device until all but
          one of them have another email. Change it in the organisation's employees page (act for the
          organisation) or ask its IT owner.
        </Trans>
      </p>
      <ul className="mt-2 space-y-2">
        {items.map((conflict) => (
          <li key={conflict.email}>
            <span className="font-medium">{conflict.email}</span>
            <ul className="ms-4 list-disc">
              {conflict.accounts.map((account) => (
                <li key={account.uuid}>
                  {fullName(account)} · {account.organizationName}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
