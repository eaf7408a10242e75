import { Trans } from '@lingui/react/macro';
import { ChevronDown, LogOut, MonitorSmartphone, UserCog } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { ROLE_LABELS } from '@/lib/role-labels';
import { useCurrentUser } from '@/lib/session';
import { InitialsAvatar } from '@/ui/avatar';

export const menuContentClasses =
  'z-50 min-w-56 overflow-hidden rounded-xl border border-slate-200 bg-white p-1.5 text-sm text-slate-700 shadow-lg';
export const menuItemClasses =
  'flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 outline-none select-none ' +
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 [&_svg]:size-4 [&_svg]:text-slate-400';

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={menuItemClasses}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}

/** The signed-in person in the top bar: name and organisation, with the account page and sign-out. */
export function UserMenu() {
  const user = useCurrentUser();
  if (!user) return null;
  const name = fullName(user) || user.email;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={cn(
          'flex items-center gap-2.5 rounded-lg py-1 pr-1.5 pl-1 text-left transition-colors hover:bg-slate-100',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'data-[state=open]:bg-slate-100',
        )}
      >
        <InitialsAvatar person={user} />
        <span className="sr-only flex-col leading-tight lg:not-sr-only lg:flex">
          <span className="max-w-40 truncate text-sm font-medium text-slate-900">{name}</span>
          <span className="max-w-40 truncate text-xs text-slate-500">{user.organizationName}</span>
        </span>
        <span className="sr-only">
          <Trans>, account menu</Trans>
        </span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-400 lg:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-2">
            <span className="block truncate font-medium text-slate-900">{name}</span>
            <span className="block truncate text-xs text-slate-500">{user.email}</span>
            <span className="mt-1 block truncate text-xs text-slate-500">
              {ROLE_LABELS[user.role]} · {user.organizationName}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {user.role === 'regular' ? (
            <MenuLink to={paths.dashboard.me}>
              <MonitorSmartphone aria-hidden="true" />
              <Trans>My equipment</Trans>
            </MenuLink>
          ) : null}
          <MenuLink to={paths.dashboard.account}>
            <UserCog aria-hidden="true" />
            <Trans>Account and security</Trans>
          </MenuLink>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <MenuLink to={paths.logout}>
            <LogOut aria-hidden="true" />
            <Trans>Sign out</Trans>
          </MenuLink>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
