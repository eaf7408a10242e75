import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * A page whose area has not landed yet: what it is for, and an empty state that says what it will
 * hold. `back` goes above (a link to the parent area).
 */
export function PlaceholderPage({
  back,
  description,
  icon,
  emptyTitle,
  emptyDescription,
}: {
  back?: ReactNode;
  description: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
}) {
  return (
    <div className="space-y-6">
      {back}
      <PageHeader description={description} />
      <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} />
    </div>
  );
}
