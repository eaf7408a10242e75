import type { ProviderAdmin } from '@equip/domain/provider-admins';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserX } from 'lucide-react';
import type { Ref } from 'react';
import { formatDate, fullName } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ActionsTh, Table, TableFrame, TableHead, TableSkeletonRows, Td, Th } from '@/ui/table';

/**
 * The provider admins: name, email, whether they have set a password yet ("Invited" until then) and
 * when the invitation went out. Everyone but yourself can be disabled. Without `admins` (still
 * loading) the table shows its shape, so nothing jumps when they arrive.
 */
export function ProviderAdminsTable({
  admins,
  currentUserUuid,
  onDisable,
  ref,
}: {
  admins: readonly ProviderAdmin[] | undefined;
  /** The signed-in provider admin, who cannot disable themselves. */
  currentUserUuid: string | undefined;
  onDisable: (admin: ProviderAdmin) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useLingui();
  return (
    // The frame takes focus when a row goes away under the person (after disabling someone).
    <div
      ref={ref}
      tabIndex={-1}
      className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
    >
      <TableFrame loadingLabel={admins ? undefined : t`Loading provider admins`}>
        <Table>
          {admins ? (
            <caption className="sr-only">
              <Trans>Provider admins</Trans>
            </caption>
          ) : null}
          <TableHead>
            <tr>
              <Th>
                <Trans>Name</Trans>
              </Th>
              <Th>
                <Trans>Email</Trans>
              </Th>
              <Th>
                <Trans>Status</Trans>
              </Th>
              <Th>
                <Trans>Invited</Trans>
              </Th>
              <ActionsTh />
            </tr>
          </TableHead>
          <tbody>
            {admins ? null : <TableSkeletonRows rows={3} cells={['text', 'text', 'badge', 'text', 'none']} />}
            {admins?.map((admin) => {
              const name = fullName(admin);
              const isSelf = admin.uuid === currentUserUuid;
              const invited = formatDate(admin.invitedAt);
              return (
                <tr key={admin.uuid}>
                  <Td className="font-medium text-slate-900">
                    <span className="flex items-center gap-2">
                      {name}
                      {isSelf ? (
                        <Badge tone="indigo">
                          <Trans>You</Trans>
                        </Badge>
                      ) : null}
                    </span>
                  </Td>
                  <Td className="break-all">{admin.email}</Td>
                  <Td>
                    {admin.hasPassword ? (
                      <Badge tone="green" dot>
                        <Trans>Active</Trans>
                      </Badge>
                    ) : (
                      <Badge tone="amber" dot>
                        <Trans>Invited</Trans>
                      </Badge>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">
                    {invited ? (
                      <time dateTime={admin.invitedAt ?? undefined}>{invited}</time>
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">
                          <Trans>Not invited by email</Trans>
                        </span>
                      </>
                    )}
                  </Td>
                  <Td className="text-right">
                    {isSelf ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t`Disable ${name}`}
                        onClick={() => onDisable(admin)}
                      >
                        <UserX aria-hidden="true" />
                        <Trans>Disable</Trans>
                      </Button>
                    )}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableFrame>
    </div>
  );
}
