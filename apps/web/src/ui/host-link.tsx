import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type PageHost, useHosts } from '@/lib/hosts';

/**
 * A link to a page of one of SPEC §2's hosts (enrolment, companion): the app's own link while the host
 * is the platform's, a plain link to the host's address when it has one of its own (a new page load
 * there).
 */
export function HostLink({
  host,
  path,
  className,
  children,
  newTab = false,
}: {
  host: PageHost;
  path: string;
  className?: string;
  children: ReactNode;
  /** Opens in a new tab (say so in the link's text). */
  newTab?: boolean;
}) {
  const hosts = useHosts();
  const tab = newTab ? { target: '_blank', rel: 'noreferrer' } : {};
  return hosts.elsewhere(host) || newTab ? (
    <a href={hosts.href(host, path)} className={className} {...tab}>
      {children}
    </a>
  ) : (
    <Link to={path} className={className}>
      {children}
    </Link>
  );
}
